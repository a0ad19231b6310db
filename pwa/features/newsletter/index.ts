// The newsletter feature's public surface, for pwa/app to compose.
export { NewsletterForm } from './components/newsletter-form';
