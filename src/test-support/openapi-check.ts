import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '@/simulator/openapi/document';

type Method = 'get' | 'post';
type Schema = Record<string, unknown>;

/** A path template as a pattern over encoded paths: {name} is one percent-encoded segment. */
const templatePattern = (template: string) =>
  new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * Checks requests and answers against an OpenAPI document with a draft 2020-12 validator (ajv),
 * the dialect OpenAPI 3.1 uses. Component references resolve inside the document itself.
 */
export function openApiCheck(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const compiled = new Map<Schema, ValidateFunction>();

  function validator(schema: Schema): ValidateFunction {
    let validate = compiled.get(schema);
    if (!validate) {
      const ref = schema.$ref;
      if (typeof ref === 'string') validate = ajv.getSchema(`openapi.json${ref}`);
      else if (JSON.stringify(schema).includes('"$ref"'))
        throw new Error('inline schemas with references are not checked here');
      else validate = ajv.compile(schema);
      if (!validate) throw new Error(`no schema at ${String(ref)}`);
      compiled.set(schema, validate);
    }
    return validate;
  }

  /** Follows a `$ref` to a component (a response, a parameter). */
  const deref = <T>(value: T | { $ref: string }): T => {
    if (value && typeof value === 'object' && '$ref' in value) {
      const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
      return doc.components[kind ?? '']?.[name ?? ''] as T;
    }
    return value as T;
  };

  /** The document's path template and operation for a request, by its URL path. */
  function operation(method: string, pathname: string) {
    const m = method.toLowerCase() as Method;
    const template = Object.keys(doc.paths).find((t) => doc.paths[t]?.[m] && templatePattern(t).test(pathname));
    const op = template ? doc.paths[template]?.[m] : undefined;
    return template && op ? { template, op } : undefined;
  }

  const errorsText = (validate: ValidateFunction) => ajv.errorsText(validate.errors);

  return {
    operation,
    /** Why the answer does not fit its documented response (status, body, headers), or null when it does. */
    answerProblem(method: string, pathname: string, status: number, body: unknown, headers: Headers): string | null {
      const found = operation(method, pathname);
      if (!found) return `${method} ${pathname} is not in the document`;
      const response = deref(found.op.responses[String(status)] as Schema | undefined);
      if (!response) return `${method} ${found.template} has no ${status} answer`;
      const content = (response.content as Record<string, { schema: Schema }> | undefined)?.['application/json'];
      if (!content) return `${method} ${found.template} ${status} has no JSON body`;
      const validate = validator(content.schema);
      if (!validate(body)) return `${method} ${found.template} ${status}: ${errorsText(validate)}`;
      for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Schema>)) {
        const value = headers.get(name);
        if (value === null) continue;
        const schema = deref(header as { schema: Schema } | { $ref: string }).schema;
        const typed = schema.type === 'integer' ? Number(value) : value;
        const check = validator(schema);
        if (!check(typed)) return `${method} ${found.template} ${status} header ${name}: ${errorsText(check)}`;
      }
      return null;
    },
    /** Why a request body or header does not fit the document, or null when it does. */
    requestProblem(method: string, pathname: string, body: unknown, headers: Headers): string | null {
      const found = operation(method, pathname);
      if (!found) return `${method} ${pathname} is not in the document`;
      const content = (found.op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      if (content) {
        const validate = validator(content['application/json']!.schema);
        if (!validate(body)) return `${method} ${found.template} body: ${errorsText(validate)}`;
      }
      for (const parameter of (found.op.parameters ?? []).map((p) => deref(p as Schema))) {
        const value = parameter.in === 'header' ? headers.get(parameter.name as string) : null;
        if (value === null) continue;
        const validate = validator(parameter.schema as Schema);
        if (!validate(value))
          return `${method} ${found.template} header ${String(parameter.name)}: ${errorsText(validate)}`;
      }
      return null;
    },
    /** Whether a body fits a named component schema. */
    fits: (name: string, value: unknown) => validator({ $ref: `#/components/schemas/${name}` })(value),
  };
}
