// An offline API reference rendered from /openapi.json (Swagger UI would need a CDN).
"use strict";

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function schemaOf(spec, ref) {
  const name = ref && ref.$ref ? ref.$ref.split("/").pop() : null;
  return name ? [name, spec.components.schemas[name]] : [null, null];
}

document.addEventListener("DOMContentLoaded", async () => {
  const root = document.getElementById("routes");
  const spec = await (await fetch("/openapi.json")).json();
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const panel = el("section", "panel");
      panel.appendChild(el("h2", null, method.toUpperCase() + " " + path));
      if (op.description) panel.appendChild(el("p", null, op.description));
      const body = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
      const [name, schema] = body ? schemaOf(spec, body.schema) : [null, null];
      if (schema) {
        panel.appendChild(el("h3", null, "Body: " + name));
        const list = el("ul");
        for (const [field, prop] of Object.entries(schema.properties || {})) {
          const type = prop.type || (prop.enum ? prop.enum.join(" | ") : (prop.anyOf || []).map((p) => p.type).join(" | "));
          const bits = [field + ": " + type];
          if (prop.default !== undefined) bits.push("default " + JSON.stringify(prop.default));
          if (prop.minimum !== undefined) bits.push("min " + prop.minimum);
          if (prop.maximum !== undefined) bits.push("max " + prop.maximum);
          if (prop.maxLength !== undefined) bits.push("max length " + prop.maxLength);
          if ((schema.required || []).includes(field)) bits.push("required");
          if (prop.description) bits.push("- " + prop.description);
          list.appendChild(el("li", null, bits.join(", ")));
        }
        panel.appendChild(list);
      }
      root.appendChild(panel);
    }
  }
});
