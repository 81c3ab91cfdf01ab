import { runEventStoreConformance } from './conformance.ts';
import { MemoryEventStore } from './memory-event-store.ts';

runEventStoreConformance('memory', async () => ({ store: new MemoryEventStore() }));
