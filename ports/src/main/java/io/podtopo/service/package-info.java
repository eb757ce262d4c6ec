/**
 * The application services: {@link io.podtopo.service.NodeResourceManagerService} runs one node's
 * resource managers over the driven ports, {@link io.podtopo.service.SimulatorService} runs scenarios
 * purely. Both take each {@link io.podtopo.ports.in.ScenarioStep} with the same step code
 * ({@code NodeRun}); both are plain classes with constructors, which the composition root wires.
 */
package io.podtopo.service;
