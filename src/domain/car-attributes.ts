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

/** The most any trip price per unit (a km, an eighth of a tank, a tenth of the battery) may be, in paise: ₹10,000. */
export const TRIP_UNIT_PRICE_MAX_PAISE = 1_000_000;
/** The highest deposit the database allows, whatever DEPOSIT_MAX_PAISE says: ₹1,00,000. */
export const DEPOSIT_CEILING_PAISE = 10_000_000;

/** A car's trip prices in paise: its refundable deposit and what it charges for extras. */
export interface TripPriceDefaults {
  depositPaise: number;
  extraKmPrice: number;
  fuelEighthPrice: number;
  batteryTenthPrice: number;
}

/**
 * What a car's trip prices are when its owner leaves them empty, by body type: a bigger car is
 * dearer to repair, burns more per km and has a bigger tank (an eighth of a hatchback's 35 l is
 * about ₹500 of petrol) or battery.
 */
export const TRIP_PRICE_DEFAULTS: Record<BodyType, TripPriceDefaults> = {
  hatchback: { depositPaise: 300_000, extraKmPrice: 1_000, fuelEighthPrice: 50_000, batteryTenthPrice: 20_000 },
  sedan: { depositPaise: 500_000, extraKmPrice: 1_200, fuelEighthPrice: 60_000, batteryTenthPrice: 25_000 },
  suv: { depositPaise: 700_000, extraKmPrice: 1_500, fuelEighthPrice: 80_000, batteryTenthPrice: 30_000 },
  muv: { depositPaise: 700_000, extraKmPrice: 1_500, fuelEighthPrice: 80_000, batteryTenthPrice: 30_000 },
  luxury: { depositPaise: 1_000_000, extraKmPrice: 3_000, fuelEighthPrice: 100_000, batteryTenthPrice: 50_000 },
};

/** A car's default trip prices: its body type's, with a price per extra km only when it has a km limit. */
export function defaultTripPrices(
  bodyType: BodyType,
  kmPerDayLimit: number | null | undefined,
): TripPriceDefaults | Omit<TripPriceDefaults, 'extraKmPrice'> {
  const { extraKmPrice, ...rest } = TRIP_PRICE_DEFAULTS[bodyType];
  return kmPerDayLimit == null ? rest : { ...rest, extraKmPrice };
}
