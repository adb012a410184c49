// The harness page imports the real component; vue-tsc checks the component itself (tsconfig.web.json).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
