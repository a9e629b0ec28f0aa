import { z } from 'zod';
import { carName, description, id, Identified, imageUrl, isoInstant, PRICE_DESCRIPTION, price } from './fields';

/** The most ids one delete may name: more than any owner's list, and it bounds the query. */
const DELETE_MAX_IDS = 1000;

const carFields = { url: imageUrl, carname: carName, description, price };

/** `POST /add-cars`: the spec's add form sends the price as text. */
export const OwnerCarInput = z.object(carFields);
export type OwnerCarInput = z.input<typeof OwnerCarInput>;

/** `POST /edit-cars`: the car's id with every field again. */
export const OwnerCarEdit = z.object({ id, ...carFields });
export type OwnerCarEdit = z.input<typeof OwnerCarEdit>;

export const OwnerCarIdParams = z.object({ id });

/** `POST /delete-cars`: the spec's page sends a bare list of ids; `{ids: [...]}` is accepted too. */
export const OwnerCarDeletion = z
  .preprocess((body) => (Array.isArray(body) ? { ids: body } : body), z.object({ ids: z.array(id).min(1).max(DELETE_MAX_IDS) }))
  .describe('A bare JSON array of car ids, as the spec\'s page sends it, or {"ids": [...]}.');

export const DeletedCount = z.object({ deletedCount: z.int() });

/** An owner's listed car, in the spec's field names. */
export const OwnerCar = Identified.extend({
  url: z.string(),
  carname: z.string(),
  description: z.string(),
  price: z.int().meta({ description: PRICE_DESCRIPTION }),
  ownerId: z.string(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
}).meta({ id: 'OwnerCar' });
export type OwnerCar = z.output<typeof OwnerCar>;
