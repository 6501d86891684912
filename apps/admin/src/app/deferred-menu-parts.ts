/**
 * The chunk app/deferred-menu.tsx loads when a merchant first opens a menu: WordPress's menu
 * components, and the Popover, framer-motion and floating-ui code that come with them. Its own
 * module so the bundler can split it off the screens that only show a closed menu.
 */
export { DropdownMenu, MenuGroup, MenuItem } from "@wordpress/components";
