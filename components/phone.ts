/** A phone's width: the breakpoint of the page's own stylesheets (`@media (max-width: 700px)` in lock-page.css and controls.css), for what a component decides in script. */
export const PHONE = '(max-width: 700px)';
