/** Renderer entry: creates the Vue app with Pinia, vue-i18n (English until the workstation's language is loaded) and mounts the kiosk shell. */
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './shell/App.vue';
import { i18n } from './i18n/i18n';
import './shell/theme.css';

createApp(App).use(createPinia()).use(i18n).mount('#app');
