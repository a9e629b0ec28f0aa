import { catalogueCars } from '#data/cars';
import { formerCarNames } from '#data/former-car-names';
import { carPagePath } from '#domain/page-addresses';

/**
 * The page addresses of the fleet's former names, decoded and in lower case (a car's name is read in
 * any letter case), each with the address of the car's page under its present name.
 */
export function formerCarAddresses(): Map<string, string> {
  const byId = new Map(catalogueCars.map((car) => [car.id, car]));
  return new Map(
    Object.entries(formerCarNames).map(([formerName, id]) => {
      const car = byId.get(id);
      if (!car) throw new Error(`the former name ${formerName} names no catalogue car (${id})`);
      return [`/cars/${formerName}`.toLowerCase(), carPagePath(car)];
    }),
  );
}
