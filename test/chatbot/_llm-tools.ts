/** Shared by the LLM tool tests (llm-tools, llm-tools-orders, llm-tools-info). */

/** A draft line as the chatbot writes it (the size names its group). */
export const product = (productId: string, quantity = 1, size?: string) => ({
  type: 'product',
  productId,
  quantity,
  options: size ? [{ groupId: 'size', optionId: size }] : [],
  without: [],
  extra: [],
});
