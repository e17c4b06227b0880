/** An id placed in a URL path: encoded, so an id can never reach another route. */
export const seg = (id: string | number): string => encodeURIComponent(String(id));
