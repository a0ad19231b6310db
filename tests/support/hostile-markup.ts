// Post bodies built to make a tag stripper slow: every one is as long as the API accepts
// (CONTENT_MAX). Shared by the sanitiser's test (safe output) and the bench (how long it takes).
import { CONTENT_MAX } from '#contract/posts';

/** `unit` repeated up to `length` characters. */
const fill = (unit: string, length = CONTENT_MAX) => unit.repeat(Math.floor(length / unit.length));
/** `open` repeated, then `close` repeated as often: each pair one level deeper, within `length`. */
const nest = (open: string, close: string, length = CONTENT_MAX) => {
  const depth = Math.floor(length / (open.length + close.length));
  return open.repeat(depth) + close.repeat(depth);
};

export const HOSTILE_MARKUP: ReadonlyArray<readonly [label: string, body: string]> = [
  ['tags nested inside tags: <a<a<a…>>>', nest('<a', '>')],
  ['nested tags with text between: <a<b x<c …>>>', nest('<a x', '>y')],
  ['nested end tags: </a</a…>>', nest('</a', '>')],
  ['nested declarations: <!<!<!…>>>', nest('<!', '>')],
  ['nested processing instructions: <?<?…>>', nest('<?', '>')],
  ['a tag split by a tag, repeated: <scr<b>ipt>', fill('<scr<b>ipt>')],
  ['only <: <<<<…', fill('<')],
  ['< then >: <<<…>>>', nest('<', '>')],
  ['unclosed comments: <!--<!--…', fill('<!--')],
  ['closed comments: <!-- --><!-- -->…', fill('<!-- -->')],
  ['comments in tags: <a<!--…-->>', nest('<a<!--', '-->>')],
  ['many <a without >', fill('<a ')],
  ['many <a href=x>', fill('<a href=x>')],
  ['many unclosed attribute quotes: <a b="', fill('<a b="')],
  ['link destinations: ](](…', fill('](')],
  ['script links: [x](javascript:x)…', fill('[x](javascript:x)')],
  ['nested parentheses: ](((…', `](${fill('(', CONTENT_MAX - 2)}`],
  ['reference definitions: [a]: javascript:x', fill('[a]: javascript:x\n')],
  ['entities: &#106;&#106;…', `](${fill('&#106;', CONTENT_MAX - 2)}`],
];
