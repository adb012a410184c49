/** What a lookup row or a duplicate warning carries of a cardholder (the full record stays in main until asked for). */
import type { CardholderSummary } from '../../../contract/ipc';
import type { CardHolder } from '../../service/access-service';

export function summaryOf(record: CardHolder): CardholderSummary {
  return {
    id: record.id,
    first_Name: record.first_Name,
    middle_Name: record.middle_Name,
    last_Name: record.last_Name,
    displayName: record.displayName,
    employee_ID: record.employee_ID,
    displayEmployeeId: record.displayEmployeeId,
    email: record.email,
    phone: record.phone,
    tenant: record.tenant,
    photo_Exists: record.photo_Exists,
    card_Holder_Type_ID: record.card_Holder_Type_ID,
  };
}
