-- A person of the restaurant takes a conversation over from the chatbot (docs/console.md): while
-- taken_over_at is set the customer's messages are stored and shown, not delivered to the chatbot.
ALTER TABLE conversations ADD COLUMN taken_over_by text REFERENCES staff_users (id);
ALTER TABLE conversations ADD COLUMN taken_over_at timestamptz;
