import openApi from '@careloop/sdk/openapi.json';
import { type Document, dereference, type JsonSchema, typeName } from './api-operations';

/** One webhook event as the OpenAPI document's `webhooks` describe it: its data fields and example. */
export type WebhookEventDoc = {
  type: string;
  fields: { name: string; required: boolean; type: string }[];
  example: string;
};

type WebhookDocument = Document & {
  webhooks: Record<
    string,
    { post: { requestBody: { content: Record<string, { schema: JsonSchema; example?: unknown }> } } }
  >;
};

function webhookEvents(doc: WebhookDocument): WebhookEventDoc[] {
  return Object.entries(doc.webhooks).map(([type, item]) => {
    const content = Object.values(item.post.requestBody.content)[0];
    const body = content ? dereference(doc, content.schema) : undefined;
    const data = body?.properties?.data ? dereference(doc, body.properties.data) : undefined;
    const required = new Set(data?.required ?? []);
    return {
      type,
      fields: Object.entries(data?.properties ?? {}).map(([name, schema]) => ({
        name,
        required: required.has(name),
        type: typeName(schema, doc),
      })),
      example: JSON.stringify(content?.example ?? null, null, 2),
    };
  });
}

export const webhookEventDocs = webhookEvents(openApi as never);
