import { useParams } from 'react-router-dom';
import { BookingReceipt } from '../features/bookings/BookingReceipt';
import { BookingConversation } from '../features/conversations/BookingConversation';
import { TripSection } from '../features/trips/TripSection';
import { isTrip } from '../domain/schemas/bookings';

/** /bookings/{id}: one booking's receipt, its handover and return records, and its parties' conversation, for its renter, whoever answers for the car, and admins. */
export default function BookingReceiptPage() {
  const { id = '' } = useParams();
  return (
    <BookingReceipt id={id}>
      {(receipt) => (
        <>
          {isTrip(receipt.status) ? <TripSection bookingId={id} status={receipt.status} /> : null}
          <BookingConversation bookingId={id} awaitingAnswer={receipt.status === 'requested'} />
        </>
      )}
    </BookingReceipt>
  );
}
