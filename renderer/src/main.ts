/** Renderer entry: creates the Vue app with Pinia and mounts the kiosk shell. */
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './shell/App.vue';
import './shell/theme.css';

createApp(App).use(createPinia()).mount('#app');
