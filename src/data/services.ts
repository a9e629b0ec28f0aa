/** The six services of the home page's "Popular Services" grid (spec section 3). */
export interface Service {
  id: string;
  title: string;
  icon: string;
  desc: string;
}

export const services: readonly Service[] = [
  {
    id: '01',
    title: 'City Transfer',
    icon: '/images/icons/city-transfer.svg',
    desc: 'Point-to-point rides across the city, booked by the hour, with or without a driver.',
  },
  {
    id: '02',
    title: 'Whole City Tour',
    icon: '/images/icons/city-tour.svg',
    desc: 'A car for the whole day to see every sight at your own pace.',
  },
  {
    id: '03',
    title: 'Unlimited Miles Car Rental',
    icon: '/images/icons/unlimited-miles.svg',
    desc: 'Drive as far as you like: the price is per hour, never per kilometre.',
  },
  {
    id: '04',
    title: 'Fast & Easy Booking',
    icon: '/images/icons/fast-booking.svg',
    desc: 'Pick a car, pick a period, see the total and pay by card in a minute.',
  },
  {
    id: '05',
    title: 'Many Pickup Locations',
    icon: '/images/icons/pickup-locations.svg',
    desc: 'Owners across India list their cars, so there is one near you.',
  },
  {
    id: '06',
    title: 'Airport Transfer',
    icon: '/images/icons/airport-transfer.svg',
    desc: 'Be picked up at arrivals or dropped at departures, on time.',
  },
];
