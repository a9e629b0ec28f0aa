import { z } from 'zod';
import { Identified } from './fields';

/** A blog post; `date` and `time` are display text as the sample data writes them ("12 Dec, 2022"). */
export const BlogPost = Identified.extend({
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  date: z.string(),
  time: z.string(),
  imgUrl: z.string(),
  description: z.string(),
  quote: z.string(),
}).meta({ id: 'BlogPost' });
export type BlogPost = z.output<typeof BlogPost>;
