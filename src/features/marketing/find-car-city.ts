import { CITIES, type City } from '../../domain/car-attributes';

/** Names people still type for the cities on the list, and the places of Delhi NCR. */
const OTHER_NAMES: Record<string, City> = {
  bangalore: 'Bengaluru',
  bombay: 'Mumbai',
  delhi: 'Delhi NCR',
  'new delhi': 'Delhi NCR',
  gurgaon: 'Delhi NCR',
  gurugram: 'Delhi NCR',
  noida: 'Delhi NCR',
  madras: 'Chennai',
  calcutta: 'Kolkata',
  cochin: 'Kochi',
  poona: 'Pune',
};

/** The city of the list an address names ("MG Road, Bengaluru" is in Bengaluru), if it names one. */
export function cityOf(address: string): City | undefined {
  const text = address.toLowerCase();
  return (
    CITIES.find((city) => text.includes(city.toLowerCase())) ??
    Object.entries(OTHER_NAMES).find(([name]) => text.includes(name))?.[1]
  );
}
