export { BarterPrompt } from './components/barter-prompt';
