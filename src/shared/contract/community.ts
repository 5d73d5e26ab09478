// The community: figures, activity, testimonials, events and the contact form.

export const communityRoutes = {};
