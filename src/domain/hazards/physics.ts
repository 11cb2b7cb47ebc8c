/**
 * Physics profiles (docs/physics.md): `default` is event-consistent physics (the peak of
 * each quantity up to each timestamp, moving models followed between snapshots, lines
 * along their route); `erad_v1` reproduces ERAD's engine (snapshots taken one at a time,
 * lines at their midpoint, ERAD's flood rules) for users who must compare with ERAD.
 */
export const PHYSICS_PROFILES = ['default', 'erad_v1'] as const;

export type PhysicsProfile = (typeof PHYSICS_PROFILES)[number];

export const DEFAULT_PHYSICS: PhysicsProfile = 'default';

/** What a hazard's compute is told about the run besides the model and the sites. */
export interface HazardComputeContext {
  physics: PhysicsProfile;
  /**
   * Also split each variability into its between-event part (IntensityGrid.lnBetweenEventDeviations),
   * for sampling correlated shaking (docs/correlated-shaking.md); off by default, as nothing else needs it.
   */
  betweenEvent?: boolean;
}
