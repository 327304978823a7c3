/**
 * Runs in <head> before the page's JavaScript has loaded (root.tsx): the header's menu buttons
 * (components/ui/menu.tsx, `data-menu-trigger`) open and close their menu, already in the page
 * but hidden, on click, Enter and Space, and Escape or a click elsewhere closes it. Once a
 * trigger is hydrated (`data-enhanced`), React handles it and this script ignores it. The
 * listener runs in the capture phase on window and stops the event it handled, so React never
 * replays the same click a second time.
 */
export const MENU_EARLY_SCRIPT = `(function(){
var d=document;
function menuOf(b){return d.getElementById(b.getAttribute("aria-controls"));}
function set(b,open){b.setAttribute("aria-expanded",open?"true":"false");var m=menuOf(b);if(m)m.hidden=!open;}
function waiting(){return d.querySelectorAll("[data-menu-trigger]:not([data-enhanced])");}
addEventListener("click",function(e){
var t=e.target;if(!t||!t.closest)return;
var b=t.closest("[data-menu-trigger]");
if(b&&b.hasAttribute("data-enhanced"))return;
var all=waiting();
for(var i=0;i<all.length;i++){var o=all[i],m=menuOf(o);if(o!==b&&!(m&&m.contains(t)))set(o,false);}
if(b){set(b,b.getAttribute("aria-expanded")!=="true");e.stopImmediatePropagation();}
},true);
addEventListener("keydown",function(e){
if(e.key!=="Escape")return;
var all=waiting();
for(var i=0;i<all.length;i++){var o=all[i];if(o.getAttribute("aria-expanded")==="true"){set(o,false);o.focus();}}
},true);
})();`;
