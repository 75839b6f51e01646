// Jest runs each test file in a VM context whose globals are its own, but `structuredClone`
// comes from the outer realm: the plain objects and arrays it returns have the outer
// Object.prototype, so code that checks `Object.getPrototypeOf(value) === Object.prototype`
// (@scalar/openapi-parser does, on the clone it makes of every spec) sees no object at all.
// Outside Jest there is one realm and nothing to do. Here, the clone's plain objects and arrays
// are rebuilt in the test's realm; everything else (dates, maps, buffers...) is kept as cloned.
const outerClone = globalThis.structuredClone;
if (typeof outerClone === 'function') {
  const outerObject = Object.getPrototypeOf(outerClone({}));
  const outerArray = Object.getPrototypeOf(outerClone([]));
  const adopt = (value, seen) => {
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return seen.get(value);
    const prototype = Object.getPrototypeOf(value);
    if (prototype === outerArray) {
      const copy = [];
      seen.set(value, copy);
      for (const item of value) copy.push(adopt(item, seen));
      return copy;
    }
    if (prototype === outerObject || prototype === null) {
      const copy = prototype === null ? Object.create(null) : {};
      seen.set(value, copy);
      for (const key of Object.keys(value)) copy[key] = adopt(value[key], seen);
      return copy;
    }
    return value;
  };
  globalThis.structuredClone = (value, options) => adopt(outerClone(value, options), new Map());
}
