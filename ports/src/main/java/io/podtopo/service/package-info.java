/**
 * The application services: {@link io.podtopo.service.NodeResourceManagerService} runs one node's
 * resource managers over the driven ports, {@link io.podtopo.service.SimulatorService} replays
 * scenarios purely. Both are plain classes with constructors; the composition root wires them.
 */
package io.podtopo.service;
