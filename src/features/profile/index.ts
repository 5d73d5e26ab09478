export { useUpdateProfile } from './api';
