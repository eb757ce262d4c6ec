/**
 * Fake hardware for simulation and tests: {@link io.podtopo.adapters.fake.MachineCatalog} (named
 * machines: the upstream test topologies and real server shapes) and
 * {@link io.podtopo.adapters.fake.MachineShape} (a compact syntax for synthetic machines).
 */
package io.podtopo.adapters.fake;
