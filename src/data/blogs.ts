/** The three sample blog posts (spec section 3). The server seeds its posts from this module. */
export interface BlogPostData {
  id: string;
  title: string;
  author: string;
  date: string;
  time: string;
  imgUrl: string;
  description: string;
  quote: string;
}

export const blogPosts: readonly BlogPostData[] = [
  {
    id: '01',
    title: 'The best way to drive cars',
    author: 'Muhib',
    date: '12 Dec, 2022',
    time: '8pm',
    imgUrl: '/images/blogs/best-way-to-drive.svg',
    description:
      'Smooth driving saves fuel, brakes and nerves. Look far ahead so that you rarely need to brake hard, keep a three-second gap to the car in front, and let the car roll to a stop instead of racing to the next red light. On highways, a steady speed just under the limit uses far less fuel than bursts of acceleration. In the city, plan your route before you start, keep the windows up and the air conditioning moderate, and check the tyre pressure once a fortnight: under-inflated tyres quietly cost you a tenth of your mileage.',
    quote: 'Drive as if every passenger were carrying a full cup of chai.',
  },
  {
    id: '02',
    title: 'If you are renting a car',
    author: 'Muhib',
    date: '12 Dec, 2022',
    time: '8pm',
    imgUrl: '/images/blogs/renting-a-car.svg',
    description:
      'Before you drive away in a rented car, walk around it with the owner and photograph every scratch, note the fuel level and the odometer, and check that the spare tyre and jack are in the boot. Read what the rental covers: the hours, whether a driver is included, and what happens if you return late. Keep your licence and an ID with you, and save the owner\u2019s number. When you return the car, do the same walk-around again so that both of you agree on its condition.',
    quote: 'A five-minute walk-around saves a five-day argument.',
  },
  {
    id: '03',
    title: 'Why renting a car is better',
    author: 'Muhib',
    date: '12 Dec, 2022',
    time: '8pm',
    imgUrl: '/images/blogs/why-renting-is-better.svg',
    description:
      'Owning a car means a loan, insurance, parking, servicing and a vehicle that loses value while it waits in the lot. Renting turns all of that into one price for the hours you actually drive. You can pick a hatchback for the week and an SUV for the family trip, try an electric car before you buy one, or add a driver for a long journey. For most people in a city, renting when needed costs less than owning and is far less work.',
    quote: 'Pay for the journey, not for the parking space.',
  },
];

export const BLOG_PREVIEW_LENGTH = 100;
