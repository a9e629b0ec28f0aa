/** Four placeholder testimonials for the home page carousel (spec section 3). */
export interface Testimonial {
  id: string;
  text: string;
  avatar: string;
  name: string;
  label: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    id: '01',
    text: 'Booked an SUV for a family trip to Coorg in five minutes. The total was exactly what the page said.',
    avatar: '/images/people/avatar-1.svg',
    name: 'Aarav Sharma',
    label: 'Customer',
  },
  {
    id: '02',
    text: 'Adding a driver for the airport run was one tick. Clean car, on time, no haggling.',
    avatar: '/images/people/avatar-2.svg',
    name: 'Priya Nair',
    label: 'Customer',
  },
  {
    id: '03',
    text: 'I list my hatchback on weekends and it pays for its own insurance now.',
    avatar: '/images/people/avatar-3.svg',
    name: 'Rohan Verma',
    label: 'Customer',
  },
  {
    id: '04',
    text: 'Cheaper than a cab for a full day in Jaipur, and we could stop wherever we liked.',
    avatar: '/images/people/avatar-4.svg',
    name: 'Meera Iyer',
    label: 'Customer',
  },
];
