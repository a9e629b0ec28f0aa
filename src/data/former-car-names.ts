/**
 * The names the sample fleet went by before it was renamed to real models, by the catalogue id of
 * the car each now names. Their addresses were linked and prerendered, so the server answers them
 * with a permanent redirect to the car's page under its present name.
 */
export const formerCarNames: Readonly<Record<string, string>> = {
  'Tesla Malibu': '01',
  'Toyota Aventador': '02',
  'BMW X3': '03',
  'Nissan Mercielago': '04',
  'Ferrari Camry': '05',
  'Mercedes Benz XC90': '06',
  'Audi Fiesta': '07',
  'Colorado Rover': '08',
};
