import type { BodyType, City, Fuel, Transmission } from '../domain/car-attributes';

/** The platform's sample fleet (spec section 3). Plain data: the app shows it and the server seeds from it. */
export interface CatalogueCar {
  id: string;
  brand: string;
  carName: string;
  imgUrl: string;
  model: string;
  price: number;
  speed: string;
  gps: string;
  seatType: string;
  automatic: string;
  description: string;
  city: City;
  pickupArea: string;
  ac: boolean;
  bodyType: BodyType;
  seats: number;
  transmission: Transmission;
  fuel: Fuel;
  year: number;
  kmPerDayLimit: number | null;
}

export const catalogueCars: readonly CatalogueCar[] = [
  {
    id: '01',
    brand: 'Tesla',
    carName: 'Tesla Malibu',
    imgUrl: '/images/cars/tesla-malibu.svg',
    model: 'Model 3',
    price: 50,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description:
      'A quiet electric saloon with a long range and quick charging, comfortable for city errands and long highway days alike.',
    city: 'Bengaluru',
    pickupArea: 'Indiranagar, near the metro station',
    ac: true,
    bodyType: 'sedan',
    seats: 5,
    transmission: 'automatic',
    fuel: 'electric',
    year: 2023,
    kmPerDayLimit: null,
  },
  {
    id: '02',
    brand: 'Toyota',
    carName: 'Toyota Aventador',
    imgUrl: '/images/cars/toyota-aventador.svg',
    model: 'Model-2022',
    price: 50,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description:
      'A dependable family car with room for five and their luggage, easy on fuel and easy to drive through busy streets.',
    city: 'Mumbai',
    pickupArea: 'Andheri East, near the airport',
    ac: true,
    bodyType: 'muv',
    seats: 7,
    transmission: 'automatic',
    fuel: 'diesel',
    year: 2022,
    kmPerDayLimit: 300,
  },
  {
    id: '03',
    brand: 'BMW',
    carName: 'BMW X3',
    imgUrl: '/images/cars/bmw-x3.svg',
    model: 'Model-2022',
    price: 65,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description:
      'A premium SUV with a high driving position, all-wheel drive and a generous boot, at home on hill roads and expressways.',
    city: 'Delhi NCR',
    pickupArea: 'Cyber City, Gurugram',
    ac: true,
    bodyType: 'suv',
    seats: 5,
    transmission: 'automatic',
    fuel: 'diesel',
    year: 2022,
    kmPerDayLimit: 250,
  },
  {
    id: '04',
    brand: 'Nissan',
    carName: 'Nissan Mercielago',
    imgUrl: '/images/cars/nissan-mercielago.svg',
    model: 'Model-2022',
    price: 70,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description:
      'A compact crossover that parks anywhere, with a light clutch, good visibility and air conditioning that copes with May.',
    city: 'Chennai',
    pickupArea: 'T. Nagar, near Pondy Bazaar',
    ac: true,
    bodyType: 'hatchback',
    seats: 5,
    transmission: 'automatic',
    fuel: 'petrol',
    year: 2021,
    kmPerDayLimit: 200,
  },
  {
    id: '05',
    brand: 'Ferrari',
    carName: 'Ferrari Camry',
    imgUrl: '/images/cars/ferrari-camry.svg',
    model: 'Model-2022',
    price: 45,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description:
      'A low, fast coupé for a weekend that should feel special: a wedding arrival, an anniversary or a coastal drive.',
    city: 'Hyderabad',
    pickupArea: 'HITEC City, Madhapur',
    ac: true,
    bodyType: 'luxury',
    seats: 2,
    transmission: 'automatic',
    fuel: 'petrol',
    year: 2022,
    kmPerDayLimit: 150,
  },
  {
    id: '06',
    brand: 'Mercedes',
    carName: 'Mercedes Benz XC90',
    imgUrl: '/images/cars/mercedes-benz-xc90.svg',
    model: 'Model-2022',
    price: 85,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description: 'A spacious luxury SUV with seven seats and a smooth ride, the right choice for airport runs and family trips.',
    city: 'Pune',
    pickupArea: 'Koregaon Park, Lane 5',
    ac: true,
    bodyType: 'suv',
    seats: 7,
    transmission: 'automatic',
    fuel: 'hybrid',
    year: 2023,
    kmPerDayLimit: null,
  },
  {
    id: '07',
    brand: 'Audi',
    carName: 'Audi Fiesta',
    imgUrl: '/images/cars/audi-fiesta.svg',
    model: 'Model 3',
    price: 50,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description:
      'A refined hatchback with a punchy engine and a well-made cabin, nimble in traffic and relaxed at highway speed.',
    city: 'Goa',
    pickupArea: 'Panaji, near the Kadamba bus stand',
    ac: true,
    bodyType: 'sedan',
    seats: 5,
    transmission: 'automatic',
    fuel: 'petrol',
    year: 2021,
    kmPerDayLimit: 250,
  },
  {
    id: '08',
    brand: 'Colorado',
    carName: 'Colorado Rover',
    imgUrl: '/images/cars/colorado-rover.svg',
    model: 'Model 3',
    price: 50,
    speed: '20kmpl',
    gps: 'GPS Navigation',
    seatType: 'Heated seats',
    automatic: 'Automatic',
    description:
      'A rugged pick-up with four-wheel drive and a big load bed, built for farm roads, moving house and monsoon detours.',
    city: 'Jaipur',
    pickupArea: 'MI Road, near Panch Batti',
    ac: false,
    bodyType: 'suv',
    seats: 7,
    transmission: 'automatic',
    fuel: 'cng',
    year: 2020,
    kmPerDayLimit: 300,
  },
];

export const HOT_OFFERS_COUNT = 6;
