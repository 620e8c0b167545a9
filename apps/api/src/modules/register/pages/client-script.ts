import { createHash } from 'node:crypto';

/**
 * The register's only script, a few hundred bytes; the pages work without it. It shows the scroll-to-top button
 * after 20 px of scrolling (part 1 §9), runs the search when the licensed box changes, and keeps a blank search
 * from leaving the page (a blank term does nothing, part 1 §5).
 */
const source = `(function(){
var top=document.getElementById('to-top');
if(top){var show=function(){top.hidden=window.scrollY<=20};show();window.addEventListener('scroll',show,{passive:true});
top.addEventListener('click',function(){window.scrollTo({top:0})});}
var form=document.getElementById('search-form');
if(!form)return;
var term=form.elements.namedItem('term'),licensed=form.elements.namedItem('licensed');
form.addEventListener('submit',function(e){if(!term.value.trim()&&!licensed.checked)e.preventDefault();});
licensed.addEventListener('change',function(){if(!term.value.trim()&&!licensed.checked)window.location.assign(form.action);else form.requestSubmit();});
})();`;

export const registerScript = {
  source,
  /** Part of the script's address, so it can be cached for a year and still change with a release. */
  version: createHash('sha256').update(source).digest('hex').slice(0, 12),
};
