/** Placeholder team members for the About page's "Our Members" (spec section 3). */
export interface TeamMember {
  id: string;
  name: string;
  experience: string;
  imgUrl: string;
}

export const team: readonly TeamMember[] = [
  {
    id: '01',
    name: 'Ananya Rao',
    experience: '5 years of experience',
    imgUrl: '/images/people/member-1.svg',
  },
  {
    id: '02',
    name: 'Vikram Singh',
    experience: '4 years of experience',
    imgUrl: '/images/people/member-2.svg',
  },
  {
    id: '03',
    name: 'Kavya Menon',
    experience: '3 years of experience',
    imgUrl: '/images/people/member-3.svg',
  },
];
