import { toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import {
  accountWire,
  authorizationWire,
  customerWire,
  errorBodyWire,
  giftCardWire,
  loyaltyCardWire,
  loyaltyPaymentWire,
  loyaltyVoidWire,
  storeCreditWire,
} from '../../wire/answers';
import { idempotencyKeySchema } from '../../wire/idempotency-key';
import { requestBodies } from '../engine/requests';
import { additionsSchema } from '../engine/dataset';
import {
  cardsAnswerSchema,
  clockAnswerSchema,
  clockBodySchema,
  resetAnswerSchema,
  simulatorStateSchema,
} from '../http/control-answers';
import { faultSettingSchema } from '../http/faults';

/**
 * Every schema the document names, each the valibot schema that parses it: the terminal's answer
 * schemas (src/wire), the simulator's request, header and fault schemas. A schema used inside
 * another is one component, referenced (the converter finds them by identity).
 */
const named = {
  Account: accountWire,
  Customer: customerWire,
  GiftCard: giftCardWire,
  StoreCredit: storeCreditWire,
  LoyaltyCard: loyaltyCardWire,
  Authorization: authorizationWire,
  LoyaltyPayment: loyaltyPaymentWire,
  LoyaltyVoid: loyaltyVoidWire,
  ErrorBody: errorBodyWire,
  WorkstationData: requestBodies.workstationOnly.entries.workstationData,
  RequestCustomer: requestBodies.issueLoyaltyCard.entries.customer,
  Amount: requestBodies.pay.entries.amount,
  WorkstationOnlyBody: requestBodies.workstationOnly,
  PayBody: requestBodies.pay,
  IssueGiftCardBody: requestBodies.issueGiftCard,
  IssueStoreCreditBody: requestBodies.issueStoreCredit,
  IssueLoyaltyCardBody: requestBodies.issueLoyaltyCard,
  IdempotencyKey: idempotencyKeySchema,
  FaultSetting: faultSettingSchema,
  SimulatorState: simulatorStateSchema,
  ResetAnswer: resetAnswerSchema,
  CardsBody: additionsSchema,
  CardsAnswer: cardsAnswerSchema,
  ClockBody: clockBodySchema,
  ClockAnswer: clockAnswerSchema,
};

export type SchemaName = keyof typeof named;

export const schemaRef = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The components' JSON Schemas (draft 2020-12, OpenAPI 3.1's dialect). The input side of each
 * schema: what goes over the wire, before any transform (the fault setting's drops its nulls).
 * Anything the converter cannot say throws, so nothing is left out without a test failing.
 */
export function componentSchemas(): Record<SchemaName, JsonSchema> {
  return toJsonSchemaDefs(named, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'throw',
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
    // JSON has no NaN or Infinity: a finite() check has nothing to add to "type": "number".
    overrideAction: ({ valibotAction, jsonSchema }) => (valibotAction.type === 'finite' ? jsonSchema : undefined),
  });
}
