export { NewsletterSignup } from './components/newsletter-signup';
