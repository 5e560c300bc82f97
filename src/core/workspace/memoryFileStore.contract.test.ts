import { fileStoreContract } from './fileStore.contract';
import { MemoryFileStore } from './memoryFileStore';

fileStoreContract('MemoryFileStore', () => ({ store: new MemoryFileStore() }));
