import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// Next's App Router writes every chunk of a page as <script src async> in the head (and the
// bootstrap chunk as a preload and a script at the end), so on a fast link the scripts arrive and
// run before the first frame, and on a slow one they share its bandwidth with the stylesheet. A
// page rendered on the server with its data needs none of them to be read: they are requested
// once the first frame is drawn (docs/screens-speed.md#scripts-after-the-first-paint).
const CHUNK = String.raw`/_next/static/[\w./-]+\.js`;
const SCRIPT = new RegExp(String.raw`<script src="(${CHUNK})" async=""></script>`, "g");
const PRELOAD = new RegExp(String.raw`<link rel="preload" as="script" fetchPriority="low" href="${CHUNK}"/>`, "g");
/** What a click is held on until hydration: the controls whose handlers are React's. Links navigate without it. */
const HELD_CONTROLS =
  'button,[role="button"],[role="tab"],[role="switch"],[role="checkbox"],[role="menuitem"],[role="option"],input[type="checkbox"],input[type="radio"],input[type="submit"],summary,label';
/** What a moving key (an arrow, Home, End) is held on: the widgets whose keyboard handling is React's, not the browser's. */
const KEYED_CONTROLS = '[role="tab"],[role="menuitem"],[role="option"],[role="radio"]';
/** The longest piece held back while a tag may still be arriving; anything longer is no tag of ours. */
const MAX_HELD = 512;

/**
 * Queues the scripts until the frame after the first one (a hidden tab draws no frames, so it loads
 * them at once); scripts named after that load straight away. Any order is fine: Next's chunks
 * were async, and its runtime waits for the ones it needs.
 *
 * Until the page's root has hydrated (HydrationSignal, in the root layout, calls __linkbioHydrated),
 * what a person does on a page that is drawn but not yet live is held, so that none of it is lost
 * and no form is sent natively (its fields in the address): a click on a control, a choice in a list
 * (select), a file chosen, text typed into a field, a form's submission, an arrow, Home or End key
 * on a tab, menu item, option or radio (Radix moves focus and selection in its keydown handler, so
 * the key pressed on a focused tab before that handler existed was lost). They are replayed in order,
 * as far apart as they were made (up to a second, so a file chosen is read before the submission
 * that sends it), each once its element is live (React has set its props on it). That is checked
 * when a signal comes: the root's, then each screen body's (HydrateInSlices), whose signal comes once
 * its effects have run, since React sets props while it renders, before the commit and the effects
 * that may still set the screen's state. Parts no signal covers (a Suspense boundary's) are checked
 * every 250 ms, and replayed once found live twice in a row, so not between the render that set the
 * props and its commit. Once the root is live, what is done while earlier events still wait is held
 * behind them, so nothing overtakes them (a field's text replayed after the form was sent live would
 * clear the error that sending set). Replayed:
 * - a pointer's click with its presses (pointerdown, mousedown, then the releases), since some
 *   controls act on the press (Radix's tabs and menus); a key's click (no detail) as a click alone;
 * - a moving key as a keydown of the same key and modifiers on the same element;
 * - a field's text as one input event of its value now. React reads a field's value when it
 *   hydrates it and reports only a change from that, so the value React last knew is first set to
 *   another one (through the field's own setter, which React watches) and the text put back under it.
 *   An event React was not yet listening for is lost though its props were set (rendered, not yet
 *   committed), so the text counts as taken only once the field's props hold it (a controlled
 *   field, whose value prop may be a number; any other counts at once): until then it is replayed
 *   again every 250 ms, up to 8 times, and what was done after it waits, so a form is never sent
 *   without it.
 */
export const LOADER = squeeze(`(function(){
  var q=[],go=0,held=[];
  function add(s){var e=document.createElement('script');e.src=s;e.async=true;document.head.appendChild(e)}
  self.__linkbioScript=function(s){go?add(s):q.push(s)};
  function start(){if(go)return;go=1;q.forEach(add)}
  if(document.visibilityState==='hidden')start();else requestAnimationFrame(function(){setTimeout(start,0)});
  var CONTROL='${HELD_CONTROLS}';
  function props(t){var k=Object.keys(t).find(function(k){return k.indexOf('__reactProps$')===0});return k&&t[k]}
  function live(t){return !!props(t)}
  function press(t,e){var o={bubbles:true,cancelable:true,composed:true,view:window,button:0,buttons:1,clientX:e.clientX,clientY:e.clientY,pointerId:1,isPrimary:true,pointerType:'mouse'};
    if(e.detail){t.dispatchEvent(new PointerEvent('pointerdown',o));t.dispatchEvent(new MouseEvent('mousedown',o));o.buttons=0;t.dispatchEvent(new PointerEvent('pointerup',o));t.dispatchEvent(new MouseEvent('mouseup',o))}
    t.click()}
  function through(){return replaying||rootLive&&!held.length}
  function click(e){var t=e.target.closest&&e.target.closest(CONTROL);if(!t)return;e.preventDefault();e.stopImmediatePropagation();held.push([t,function(){press(t,e)},e.timeStamp])}
  function submit(e){var f=e.target,b=e.submitter;e.preventDefault();e.stopImmediatePropagation();held.push([f,function(){f.requestSubmit(b&&b.isConnected?b:undefined)},e.timeStamp])}
  function change(e){var t=e.target,v=t.value;if(t.tagName==='SELECT')held.push([t,function(){t.value=v;t.dispatchEvent(new Event('change',{bubbles:true}))},e.timeStamp]);
    else if(t.type==='file')held.push([t,function(){t.dispatchEvent(new Event('change',{bubbles:true}))},e.timeStamp])}
  var KEYED='${KEYED_CONTROLS}',MOVES=/^(Arrow(Up|Down|Left|Right)|Home|End)$/;
  function key(e){var t=e.target;if(!MOVES.test(e.key)||!(t.matches&&t.matches(KEYED)))return;e.preventDefault();e.stopImmediatePropagation();
    held.push([t,function(){t.dispatchEvent(new KeyboardEvent('keydown',{key:e.key,code:e.code,bubbles:true,cancelable:true,composed:true,view:window,shiftKey:e.shiftKey,ctrlKey:e.ctrlKey,altKey:e.altKey,metaKey:e.metaKey}))},e.timeStamp])}
  var typing=new WeakSet(),TYPED=/^(checkbox|radio|file|submit|button|reset|image|range|color)$/;
  function typed(e){var t=e.target;if(typing.has(t)||!(t.tagName==='TEXTAREA'||t.tagName==='INPUT'&&!TYPED.test(t.type)))return;typing.add(t);
    var v;held.push([t,function(){typing.delete(t);v=t.value;var native=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),'value');t.value=v+'-';native.set.call(t,v);t.dispatchEvent(new Event('input',{bubbles:true}))},e.timeStamp,
      function(){var p=props(t);return !p||p.value==null||String(p.value)===v}])}
  var rootLive=0,gap=0,replaying=0,TRIES=9;
  function replay(){var h=held[0];if(gap||!rootLive||!h)return;var t=h[0];if(t.isConnected&&!live(t))return;
    if(!h[4]||h[3]&&t.isConnected&&!h[3]()&&h[4]<TRIES){h[4]=(h[4]||0)+1;replaying=1;try{t.isConnected&&h[1]()}finally{replaying=0}
      if(h[3]){gap=setTimeout(function(){gap=0;replay()},h[4]>1?250:0);return}}
    held.shift();if(held[0])gap=setTimeout(function(){gap=0;replay()},Math.min(Math.max(held[0][2]-h[2],0),1000))}
  var seen=null;
  function poll(){var t=held[0]&&held[0][0];if(t&&(t===seen||!t.isConnected))replay();seen=t&&live(t)?t:null;if(held.length)setTimeout(poll,250)}
  var holders={click:click,submit:submit,change:change,input:typed,keydown:key};
  function hold(e){through()||holders[e.type](e)}
  for(var n in holders)document.addEventListener(n,hold,true);
  self.__linkbioHydrated=function(){if(!rootLive){rootLive=1;start();setTimeout(poll,250)}replay()};
})();`);

function squeeze(code: string): string {
  return code.replace(/\n\s*/g, "");
}

const later = (src: string) => `<script>__linkbioScript(${JSON.stringify(src)})</script>`;

/** Where the text may end inside a tag this transform rewrites, which must wait for the next chunk. */
function unfinishedTagAt(text: string): number {
  const open = text.lastIndexOf("<");
  if (open === -1 || text.length - open > MAX_HELD) return text.length;
  const script = text.lastIndexOf("<script src=");
  if (script !== -1 && text.length - script <= MAX_HELD && !text.includes("</script>", script)) return script;
  return text.includes(">", open) ? text.length : open;
}

/** Rewrites a streamed HTML document of Next's so that its scripts load after the first paint. */
export function scriptsAfterFirstPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let loaderSent = false;
  const rewrite = (text: string) =>
    text.replace(PRELOAD, "").replace(SCRIPT, (_, src: string) => {
      const call = later(src);
      if (loaderSent) return call;
      loaderSent = true;
      return `<script>${LOADER}</script>${call}`;
    });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = held + decoder.write(chunk);
      const cut = unfinishedTagAt(text);
      held = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done) {
      done(null, rewrite(held + decoder.end()));
    },
  });
}
