/**
 * What keeps a draft from being placed. The codes are a closed list (docs/order-drafts.md): a chatbot can
 * act on each one. `param` names the draft field in dot notation (`items.0.options.1.option_id`), or is
 * null for a problem of the location as a whole (closed, paused).
 */
export const PROBLEM_CODES = [
  // The location
  'location_inactive',
  'not_accepting_orders',
  'location_closed',
  'location_closed_special',
  // Service, time, payment, notes
  'service_type_required',
  'service_type_unavailable',
  'requested_time_past',
  'requested_time_too_soon',
  'requested_time_too_far',
  'scheduled_orders_unavailable',
  'payment_method_required',
  'payment_method_unavailable',
  'customer_notes_not_allowed',
  // Delivery
  'address_required',
  'address_coordinates_required',
  'address_outside_zones',
  'address_not_found',
  'address_ambiguous',
  'address_lookup_unavailable',
  'below_zone_minimum',
  'below_minimum_order',
  // Items
  'items_required',
  'too_many_items',
  'product_unknown',
  'bundle_unknown',
  'item_unavailable',
  'modifier_group_unknown',
  'option_unknown',
  'option_duplicate',
  'option_quantity_exceeded',
  'option_required',
  'too_many_options',
  'ingredient_unknown',
  'ingredient_duplicate',
  'ingredient_not_removable',
  'extra_unavailable',
  'extra_quantity_exceeded',
  'bundle_line_unknown',
  'bundle_line_duplicate',
  'bundle_choice_unknown',
  'bundle_choice_duplicate',
  'bundle_line_required',
  'too_many_choices',
  // Discounts and money
  'discount_code_invalid',
  'discount_code_not_applicable',
  'amount_too_large',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface Problem {
  code: ProblemCode;
  param: string | null;
  message: string;
  details?: Record<string, unknown>;
}

export const problem = (
  code: ProblemCode,
  param: string | null,
  message: string,
  details?: Record<string, unknown>,
): Problem => (details === undefined ? { code, param, message } : { code, param, message, details });
