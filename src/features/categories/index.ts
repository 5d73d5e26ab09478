export { categoryName, useCategories } from './api';
