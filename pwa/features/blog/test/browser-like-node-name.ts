/**
 * happy-dom's `Node.prototype.nodeName` getter answers '' for every node (its subclasses override
 * it), where a browser's dispatches on the node. DOMPurify reads nodeName through that prototype
 * getter (so a clobbered `nodeName` cannot fool it); under plain happy-dom it therefore sees no
 * tag names, strips allowed tags and stops walking the tree, leaving later script in place. Tests
 * that render Markdown import this first, so DOMPurify runs as it does in a browser. (The e2e
 * journey checks the same sanitising in real Chromium.)
 */
const base = Node.prototype;
const ownGetter = Object.getOwnPropertyDescriptor(base, 'nodeName')?.get;
if (ownGetter && ownGetter.call(document.createElement('p')) === '') {
  Object.defineProperty(base, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (let proto = Object.getPrototypeOf(this) as object | null; proto && proto !== base; proto = Object.getPrototypeOf(proto) as object | null) {
        const getter = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
        if (getter) return getter.call(this) as string;
      }
      return '';
    },
  });
}
export {};
