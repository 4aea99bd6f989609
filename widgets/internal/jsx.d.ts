/** `part` (CSS Shadow Parts) is a global attribute that @types/react 18 does not list. */
import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    part?: string;
  }
  interface SVGAttributes<T> {
    part?: string;
  }
}
