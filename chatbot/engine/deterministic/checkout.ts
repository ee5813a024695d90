/**
 * What is still missing before the server can price a placeable draft, asked one thing at a time: a
 * required choice, the service type, what the delivery address lacks (render/address.ts), the payment method. Asked locally, so a customer
 * answering one question gets the next at once instead of a round through checkout.
 */
import { buttonsReply, type Reply, textReply } from '../../answer.js';
import { setPayment } from '../ops/draft.js';
import { addressQuestion } from '../render/address.js';
import { missingChoice } from '../render/questions.js';
import type { Turn } from '../turn.js';

export function nextDetail(turn: Turn): Reply | null {
  const loc = turn.location;
  if (!loc || turn.items.length === 0) return null;
  const t = turn.t;
  const choice = missingChoice(turn);
  if (choice) return choice;
  const draft = turn.draft;
  if (!draft.serviceType) {
    const types = loc.orderSettings.serviceTypes.filter((s) => s !== 'delivery' || loc.delivery.enabled);
    return buttonsReply(
      t.askService,
      types.map((s) => ({ id: `svc:${s}`, title: t.btn[s] })),
    );
  }
  if (draft.serviceType === 'delivery') {
    const a = draft.deliveryAddress;
    if (!a) return textReply(t.askAddress);
    // Only what is missing: a pin only when no postal-code zone and no lookup by the server can place it.
    const asked = addressQuestion(turn);
    if (asked) return asked;
  }
  if (!draft.paymentMethod) {
    const methods = loc.orderSettings.paymentMethods;
    // One way to pay is no question.
    if (methods.length === 1) {
      setPayment(turn, methods[0]);
      return null;
    }
    return buttonsReply(
      t.askPayment,
      methods.map((m) => ({ id: `pay:${m}`, title: t.btn[m] })),
    );
  }
  return null;
}
