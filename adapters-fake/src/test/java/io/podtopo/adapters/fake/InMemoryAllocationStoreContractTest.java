package io.podtopo.adapters.fake;

import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.AllocationStoreContract;

/**
 * {@link InMemoryAllocationStore} keeps {@link AllocationStore}'s promises; its failures are the ones
 * a test asks for ({@link InMemoryAllocationStore#failNextSave}). It lives as long as its process, so
 * a restarted node is the same store.
 */
class InMemoryAllocationStoreContractTest implements AllocationStoreContract.SaveFailures {

  @Override
  public AllocationStore newStore() {
    return new InMemoryAllocationStore();
  }

  @Override
  public AllocationStore reopen(AllocationStore store) {
    return store;
  }

  @Override
  public AllocationStore failingNextSave(AllocationStore store) {
    ((InMemoryAllocationStore) store).failNextSave();
    return store;
  }
}
