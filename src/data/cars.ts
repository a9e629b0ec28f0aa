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
    brand: 'Tata',
    carName: 'Tata Nexon EV',
    imgUrl: '/images/cars/tesla-malibu.svg',
    model: 'Empowered 45',
    price: 50,
    speed: '489 km (ARAI)',
    gps: 'GPS Navigation',
    seatType: 'Leatherette seats',
    automatic: 'Automatic',
    description:
      'A quiet electric compact SUV with a 45 kWh battery and fast charging, comfortable for city errands and a highway day out.',
    city: 'Bengaluru',
    pickupArea: 'Indiranagar, near the metro station',
    ac: true,
    bodyType: 'suv',
    seats: 5,
    transmission: 'automatic',
    fuel: 'electric',
    year: 2024,
    kmPerDayLimit: null,
  },
  {
    id: '02',
    brand: 'Maruti Suzuki',
    carName: 'Maruti Ertiga',
    imgUrl: '/images/cars/toyota-aventador.svg',
    model: 'VXi CNG',
    price: 50,
    speed: '26.11 km/kg',
    gps: 'GPS Navigation',
    seatType: 'Fabric seats',
    automatic: 'Manual',
    description:
      'A seven-seat family MUV that runs on CNG, with room for grandparents and luggage and a light clutch for busy streets.',
    city: 'Mumbai',
    pickupArea: 'Andheri East, near the airport',
    ac: true,
    bodyType: 'muv',
    seats: 7,
    transmission: 'manual',
    fuel: 'cng',
    year: 2023,
    kmPerDayLimit: 300,
  },
  {
    id: '03',
    brand: 'Kia',
    carName: 'Kia Seltos',
    imgUrl: '/images/cars/bmw-x3.svg',
    model: 'HTX 1.5 Diesel AT',
    price: 65,
    speed: '19.1 kmpl',
    gps: 'GPS Navigation',
    seatType: 'Leatherette seats',
    automatic: 'Automatic',
    description:
      'A mid-size SUV with a high driving position, a frugal diesel and a generous boot, at home on hill roads and expressways.',
    city: 'Delhi NCR',
    pickupArea: 'Cyber City, Gurugram',
    ac: true,
    bodyType: 'suv',
    seats: 5,
    transmission: 'automatic',
    fuel: 'diesel',
    year: 2024,
    kmPerDayLimit: 250,
  },
  {
    id: '04',
    brand: 'Mahindra',
    carName: 'Mahindra XUV700',
    imgUrl: '/images/cars/nissan-mercielago.svg',
    model: 'AX7 Diesel AT',
    price: 70,
    speed: '16.57 kmpl',
    gps: 'GPS Navigation',
    seatType: 'Leatherette seats',
    automatic: 'Automatic',
    description: 'A seven-seat SUV with a strong diesel and air conditioning for all three rows that copes with May.',
    city: 'Chennai',
    pickupArea: 'T. Nagar, near Pondy Bazaar',
    ac: true,
    bodyType: 'suv',
    seats: 7,
    transmission: 'automatic',
    fuel: 'diesel',
    year: 2023,
    kmPerDayLimit: 200,
  },
  {
    id: '05',
    brand: 'Maruti Suzuki',
    carName: 'Maruti Baleno',
    imgUrl: '/images/cars/ferrari-camry.svg',
    model: 'Zeta',
    price: 45,
    speed: '22.35 kmpl',
    gps: 'GPS Navigation',
    seatType: 'Fabric seats',
    automatic: 'Manual',
    description:
      'A roomy hatchback that parks anywhere, light to drive and easy on petrol, with good visibility in city traffic.',
    city: 'Hyderabad',
    pickupArea: 'HITEC City, Madhapur',
    ac: true,
    bodyType: 'hatchback',
    seats: 5,
    transmission: 'manual',
    fuel: 'petrol',
    year: 2024,
    kmPerDayLimit: 150,
  },
  {
    id: '06',
    brand: 'Toyota',
    carName: 'Toyota Innova Hycross',
    imgUrl: '/images/cars/mercedes-benz-xc90.svg',
    model: 'ZX Hybrid',
    price: 85,
    speed: '23.24 kmpl',
    gps: 'GPS Navigation',
    seatType: 'Leatherette seats',
    automatic: 'Automatic',
    description:
      'A spacious seven-seat hybrid MUV with a smooth, quiet ride, the right choice for airport runs and family trips.',
    city: 'Pune',
    pickupArea: 'Koregaon Park, Lane 5',
    ac: true,
    bodyType: 'muv',
    seats: 7,
    transmission: 'automatic',
    fuel: 'hybrid',
    year: 2023,
    kmPerDayLimit: null,
  },
  {
    id: '07',
    brand: 'Maruti Suzuki',
    carName: 'Maruti Dzire',
    imgUrl: '/images/cars/audi-fiesta.svg',
    model: 'ZXi',
    price: 50,
    speed: '24.79 kmpl',
    gps: 'GPS Navigation',
    seatType: 'Fabric seats',
    automatic: 'Manual',
    description:
      'A compact sedan with a separate boot and an economical petrol engine, nimble in traffic and relaxed at highway speed.',
    city: 'Goa',
    pickupArea: 'Panaji, near the Kadamba bus stand',
    ac: true,
    bodyType: 'sedan',
    seats: 5,
    transmission: 'manual',
    fuel: 'petrol',
    year: 2024,
    kmPerDayLimit: 250,
  },
  {
    id: '08',
    brand: 'Mahindra',
    carName: 'Mahindra Bolero',
    imgUrl: '/images/cars/colorado-rover.svg',
    model: 'B4',
    price: 50,
    speed: '16 kmpl',
    gps: 'None',
    seatType: 'Fabric seats',
    automatic: 'Manual',
    description:
      'A rugged seven-seat SUV with a simple diesel and high ground clearance, built for farm roads and monsoon detours.',
    city: 'Jaipur',
    pickupArea: 'MI Road, near Panch Batti',
    ac: false,
    bodyType: 'suv',
    seats: 7,
    transmission: 'manual',
    fuel: 'diesel',
    year: 2020,
    kmPerDayLimit: 300,
  },
];

export const HOT_OFFERS_COUNT = 6;
