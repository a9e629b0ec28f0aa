/**
 * Where a car is and what it is: the values the contract allows, shared by the schemas, the
 * database's CHECKs (written from these lists, so a changed list asks for a migration), the
 * catalogue and the app's forms. The city list lives here rather than in src/data because the
 * schemas that refuse any other city may import only the domain.
 */
export const CITIES = [
  'Bengaluru',
  'Mumbai',
  'Delhi NCR',
  'Chennai',
  'Hyderabad',
  'Pune',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Goa',
  'Kochi',
  'Chandigarh',
] as const;
export type City = (typeof CITIES)[number];

export const BODY_TYPES = ['hatchback', 'sedan', 'suv', 'muv', 'luxury'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const TRANSMISSIONS = ['manual', 'automatic'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const FUELS = ['petrol', 'diesel', 'cng', 'electric', 'hybrid'] as const;
export type Fuel = (typeof FUELS)[number];

export const SEATS_MIN = 2;
export const SEATS_MAX = 9;
export const CAR_YEAR_MIN = 1990;
export const PICKUP_AREA_MAX = 120;
export const KM_PER_DAY_LIMIT_MAX = 5_000;

/**
 * How people read the values: each value's words by message id, in the shared part of the catalogue
 * (src/locales/en/common.json, on every page with the car cards), which the app words where it shows them.
 */
function labelIds<Group extends string, Value extends string>(group: Group, values: readonly Value[]) {
  return Object.fromEntries(values.map((value) => [value, `common.car.${group}.${value}`])) as {
    [V in Value]: `common.car.${Group}.${V}`;
  };
}
export const BODY_TYPE_LABEL_IDS = labelIds('body', BODY_TYPES);
export const TRANSMISSION_LABEL_IDS = labelIds('transmission', TRANSMISSIONS);
export const FUEL_LABEL_IDS = labelIds('fuel', FUELS);

/**
 * What a car added without them is taken to be (the spec's add form sends none of these), and what
 * cars listed before cars had them became: a five-seat manual petrol hatchback with AC in Bengaluru,
 * the commonest car on Indian rental sites, and the city the marketplace started in.
 */
export const CAR_DEFAULTS = {
  city: 'Bengaluru',
  pickupArea: '',
  ac: true,
  bodyType: 'hatchback',
  seats: 5,
  transmission: 'manual',
  fuel: 'petrol',
} as const satisfies {
  city: City;
  pickupArea: string;
  ac: boolean;
  bodyType: BodyType;
  seats: number;
  transmission: Transmission;
  fuel: Fuel;
};

/** The newest model year a car may have: next year's models are on sale from the autumn. */
export const carYearMax = (now: Date = new Date()): number => now.getUTCFullYear() + 1;
