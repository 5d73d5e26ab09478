// A circle's addresses: its page, and the notification subjects of its changes and its chat (one
// entry per member and circle each). Apart from propose.ts so the circle's room can use them
// without the proposal code.
export const circleLink = (circleId: number) => `/trade-circles/${circleId}`;
export const circleSubject = (circleId: number) => `circle:${circleId}`;
export const circleChatSubject = (circleId: number) => `circle-chat:${circleId}`;
