/**
 * The page's scripts start loading only once the server-rendered page has
 * been painted.
 *
 * With Next.js's own `<script defer>` tags, the browser fetches every chunk
 * alongside the HTML and runs them all (framework, hydration, animations)
 * before its first frame whenever they arrive first, which on a fast link
 * they do: the page the visitor could already read waits for some 125 KB of
 * JavaScript, and a phone on a slow link shares its bandwidth between the
 * two. Here the HTML and its inline CSS paint first; then this script adds
 * the same chunks, in the same order (`async = false` keeps it), and the page
 * hydrates as before, a frame later.
 *
 * The chunk list rides in a JSON data block (PAINT_FIRST_CHUNKS_ID): this
 * script's text is the same on every page, so the Content-Security-Policy
 * allows it by hash (src/site/inline-scripts.ts).
 *
 * Where the browser cannot report paints (no Paint Timing API) the chunks
 * start once the document has loaded and a frame has passed; a tab opened
 * in the background paints nothing until shown, so there they start at
 * `load`; and should no paint be reported at all, they start a few seconds
 * after `load` anyway, so a page never stays inert.
 * The build manifest Next.js would fetch as one more script comes as data
 * too (PAINT_FIRST_MANIFEST_ID, see src/site/build-manifest-data.ts): this
 * script sets it where Next.js's router looks, before any chunk runs.
 * `data-painted` on <html> tells the CSS the first frame is on screen: the
 * hero's text entrance waits for it (src/ui/AnimatedText.module.css).
 */
export const PAINT_FIRST_CHUNKS_ID = "__NEXT_CHUNKS__";
export const PAINT_FIRST_MANIFEST_ID = "__NEXT_BUILD_MANIFEST__";

/** How long after `load` the chunks start when no paint has been reported. */
const SAFETY_MS = 5000;

export const PAINT_FIRST_BOOT = `(function(){var d=document,w=window,started=false;function start(){if(started)return;started=true;d.documentElement.setAttribute("data-painted","");var m=d.getElementById("${PAINT_FIRST_MANIFEST_ID}");if(m)try{w.__BUILD_MANIFEST=JSON.parse(m.textContent)}catch(e){}var list=[];try{list=JSON.parse(d.getElementById("${PAINT_FIRST_CHUNKS_ID}").textContent)}catch(e){}for(var i=0;i<list.length;i++){var s=d.createElement("script");s.src=list[i];s.async=false;d.head.appendChild(s)}}function soon(){setTimeout(start,0)}var paints=w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes&&PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0;if(paints)new PerformanceObserver(function(list){if(list.getEntries().length)soon()}).observe({type:"paint",buffered:true});function loaded(){if(!paints)requestAnimationFrame(soon);else if(d.visibilityState==="hidden")start();setTimeout(start,${SAFETY_MS})}if(d.readyState==="complete")loaded();else w.addEventListener("load",loaded)})();`;
