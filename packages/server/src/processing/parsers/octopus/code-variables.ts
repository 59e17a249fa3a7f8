// Octopus input variables NOMAD keeps as x_octopus_input_<name> and x_octopus_parserlog_<name> (the run
// section), by the type NOMAD gives them: numbers, flags, and the rest as text. Names as Octopus spells them.

import { evaluate, type OctopusVariables } from './input-variables.ts';

const NUMBER_VARIABLES = `
  ABCapHeight ABWidth AlphaFMM ArpackInitialTolerance CasidaKSEnergyWindow CasidaSpectrumBroadening
  CasidaSpectrumEnergyStep CasidaSpectrumMaxEnergy CasidaSpectrumMinEnergy ComplexScalingAlpha
  ComplexScalingAlphaLeft ComplexScalingLocalizationRadius ComplexScalingLocalizationThreshold
  ComplexScalingPenalizationFactor ComplexScalingRotateSpectrum ComplexScalingTheta ConvAbsDens
  ConvAbsEv ConvEnergy ConvForce ConvRelDens ConvRelEv ConvertEnergyMax ConvertEnergyMin
  ConvertEnergyStep CurvGygiA CurvGygiAlpha CurvGygiBeta CurvModineJBar CurvModineJlocal
  CurvModineJrange CurvModineXBar DOSEnergyMax DOSEnergyMin DOSGamma DegeneracyThreshold DeltaEFMM
  Displacement DoubleFFTParameter EMEta EMStaticElectricField EigensolverImaginaryTime
  EigensolverTolerance EwaldAlpha ExcessCharge GOFireMass GOLineTol GOMinimumMove GOStep GOTolerance
  GyromagneticRatio Interaction1DScreening InvertKSConvAbsDens KdotPEta LB94_threshold LCAODiagTol
  LCAOMaximumOrbitalRadius LCAOScaleFactor LDBaderThreshold LRConvAbsDens LRConvRelDens
  LRTolAdaptiveFactor LRTolFinalTol LRTolInitTol LRTolIterWindow LocalMagneticMomentsSphereRadius
  Mixing NFFTOversampling OCTCheckGradient OCTControlFunctionOmegaMax OCTCurrentWeight OCTDelta
  OCTDirectStep OCTEps OCTEta OCTFixFluenceTo OCTPenalty OEPMixing OpenSCADIsovalue PCMDynamicEpsilon
  PCMQtotTol PCMRadiusScaling PCMSmearingFactor PCMStaticEpsilon PESMask2PEnlargeFactor
  PESMaskEnlargeFactor PESMaskFilterCutOff PESMaskSpectEnergyMax PESMaskSpectEnergyStep
  PESMaskStartTime PES_Flux_DeltaK PES_Flux_Kmax PES_Flux_Radius PES_spm_DeltaOmega PES_spm_OmegaMax
  PES_spm_Radius PNFFTOversampling ParticleMass Poisson1DSoftCoulombParam PoissonCutoffRadius
  PoissonSolverMGRelaxationFactor PoissonSolverThreshold PreconditionerFilterFactor
  PropagationSpectrumDampFactor PropagationSpectrumEndTime PropagationSpectrumEnergyStep
  PropagationSpectrumMaxEnergy PropagationSpectrumStartTime RDMConvEner RDMTolerance Radius
  RandomVelocityTemp RashbaSpinOrbitCoupling RootSolverAbsTolerance RootSolverRelTolerance
  RootSolverWSRadius SCDMCutoffRadius SOStrength SPARSKITAbsTolerance SPARSKITRelTolerance Smearing
  Spacing SpeciesProjectorSphereThreshold SpectrumSignalNoise StatesCLDeviceMemory TDDeltaKickTime
  TDDeltaStrength TDFloquetFrequency TDIonicTimeScale TDLanczosTol TDPropagationTime TDSCFThreshold
  TDTimeStep ThermostatMass TnaddFactor XCDensityCorrectionCutoff XCKernelLRCAlpha Xalpha Xlength
  libvdwxcVDWFactor
`;

const FLAG_VARIABLES = `
  AnimationMultiFiles BerkeleyGW_CalcDipoleMtxels BerkeleyGW_CalcExchange BornChargeSumRuleCorrection
  CalcEigenvalues CalcInfrared CalcNormalModeWfs CalculateSelfInducedMagneticField CasidaCalcForces
  CasidaCalcForcesKernel CasidaCalcForcesSCF CasidaCalcTriplet CasidaHermitianConjugate
  ConductivityFromForces ConvEigenError ConvertIterateFolder ConvertSubtract DisableOpenCL DoubleGrid
  ELFWithCurrentTerm EMCalcBornCharges EMCalcDiagonalField EMCalcMagnetooptics EMCalcRotatoryResponse
  EMForceNoKdotP EMFreqsSort EMMagnetoopticsNoHVar EMOccupiedResponse EMStartDensityIsZeroField
  EMVerbose EMWavefunctionsFromScratch EMWriteRestartDensities EigensolverParpack
  EigensolverSaveMemory ExperimentalFeatures FFTOptimize FlushMessages ForceComplex ForceTotalEnforce
  FromScratch GOCenter IgnoreExternalIons IonsConstantVelocity KPointsUseSymmetries
  KPointsUseTimeReversal KdotPCalcSecondOrder KdotPCalculateEffectiveMasses
  KdotPUseNonLocalPseudopotential LB94_modified LCAOAlternative LCAOComplexYlms LCAOExtraOrbitals
  LCAOKeepOrbitals LDExtraWrite LDIonicDipole LDIterateFolder LDOverWrite LDRestart LDUpdate
  LDUseAtomicRadii MPIDebugHook MeshPartitionRead MeshPartitionWrite MeshUseTopology
  MixingPreconditioner MoveIons NFFTGuruInterface NLOperatorCompactBoundaries OCTDoubleCheck
  OCTDumpIntermediate OCTFixInitialFluence OCTRandomInitialGuess OnlyUserDefinedInitialStates
  OpenCLBenchmark OutputBandsGnuplotMode OutputBandsGraceMode OutputDuringSCF PCMCalculation
  PCMGamessBenchmark PCMRenormCharges PCMSpheresOnH PESMaskIncludePsiA PES_Flux_ARPES_grid
  PES_Flux_AvoidAB PES_Flux_UseMemory ParallelizationPoissonAllNodes PartitionPrint
  PoissonSolverISFParallelData Preorthogonalization ProfilingAllNodes
  PropagationSpectrumSigmaDiagonalization RecalculateGSDuringEvolution ReportMemory
  RestartFixedOccupations RestartReorderOccs RestartWrite RootSolverHavePolynomial SCDM_EXX
  SCDM_verbose SCFCalculateDipole SCFCalculateForces SCFCalculatePartialCharges SCFinLCAO
  SPARSKITVerboseSolver ScaLAPACKCompatible SpeciesTimeDependent StatesPack SymmetriesCompute
  SymmetrizeDensity SymmetrizeDynamicalMatrix TDFreezeHXC TimeZero TnaddPolarized UnoccShowOccStates
  UseFineMesh VDWSelfConsistent XCDensityCorrectionMinimum XCDensityCorrectionNormalize
  XCDensityCorrectionOptimize XCParallel XCUseGaugeIndependentKED libvdwxcDebug
`;

const TEXT_VARIABLES = `
  ABShape AbsorbingBoundaries AnimationSampling AtomsMagnetDirection AxisType BerkeleyGW_NumberBands
  BerkeleyGW_VmtxelNumCondBands BerkeleyGW_VmtxelNumValBands BerkeleyGW_VmtxelPolarization
  BerkeleyGW_Vxc_diag_nmax BerkeleyGW_Vxc_diag_nmin BerkeleyGW_Vxc_offdiag_nmax
  BerkeleyGW_Vxc_offdiag_nmin BerkeleyGW_WFN_filename BoxShape BoxShapeImage BoxShapeUsDef
  CalculationMode CasidaKohnShamStates CasidaMomentumTransfer CasidaQuadratureOrder
  CasidaSpectrumRotationMatrix CasidaTheoryLevel CasidaTransitionDensities ClassicalPotential
  ComplexScaling ComplexScalingLocalizedStates ConductivitySpectrumTimeStepFactor ConvertEnd
  ConvertFTMethod ConvertFilename ConvertFolder ConvertHow ConvertOutputFilename ConvertOutputFolder
  ConvertReadSize ConvertScalarOperation ConvertStart ConvertStep ConvertSubtractFilename
  ConvertSubtractFolder Coordinates CurrentDensity CurrentThroughPlane CurvMethod DOSEnergyPoints
  Debug DensitytoCalc DerivativesOrder DerivativesStencil DescribeParticlesModelmb Dimensions
  DoubleGridOrder EMFreqs EMHyperpol EMPerturbationType Eigensolver EigensolverArnoldiVectors
  EigensolverArpackInitialResid EigensolverArpackSort EigensolverMaxIter EigensolverMinimizationIter
  ExtraStates FFTLibrary FFTPreparePlan FeastContour FeastMaxIter FilterPotentials FrozenDir
  FrozenStates GOMaxIter GOMethod GOObjective GaugeFieldDynamics GaugeVectorField GuessMagnetDensity
  HamiltonianVariation InitialSpins Interaction1D InvertKSMaxIter InvertKSTargetDensity
  InvertKSVerbosity InvertKSmethod IonicInteraction IonsTimeDependentDisplacements KPoints KPointsGrid
  KPointsReduced KSInversionAsymptotics KSInversionLevel KdotPOccupiedSolutionMethod KdotPVelMethod
  LCAODimension LCAOStart LDEnd LDFilename LDFolder LDMultipoleLmax LDOutput LDOutputFormat
  LDRadiiFile LDRestartFolder LDStart LDStep LRMaximumIter LRTolScheme LatticeParameters
  LatticeVectors LinearSolver LinearSolverMaxIter LocalDomains Lsize MagneticGaugeCorrection MainAxis
  MassScaling MaximumIter MaximumIterBerry MemoryLimit MeshBlockSize MeshOrder MeshPartition
  MeshPartitionDir MeshPartitionPackage MeshPartitionStencil MeshPartitionVirtualSize MixField
  MixInterval MixNumberSteps MixingScheme MomentumTransfer MultiResolutionArea
  MultiResolutionInterpolationOrder MultigridLevels NDimModelmb NFFTCutoff NFFTPrecompute
  NParticleModelmb NTypeParticleModelmb OCTClassicalTarget OCTControlFunctionRepresentation
  OCTControlFunctionType OCTCurrentFunctional OCTExcludedStates OCTFilter OCTHarmonicWeight
  OCTInitialState OCTInitialTransformStates OCTInitialUserdefined OCTLaserEnvelope OCTLocalTarget
  OCTMaxIter OCTMomentumDerivatives OCTNumberCheckPoints OCTOptimizeHarmonicSpectrum
  OCTPositionDerivatives OCTScheme OCTSpatialCurrWeight OCTStartIterCurrTg OCTTargetDensity
  OCTTargetDensityFromState OCTTargetOperator OCTTargetSpin OCTTargetTransformStates
  OCTTargetUserdefined OCTTdTarget OCTVelocityDerivatives OCTVelocityTarget OEPLevel Occupations
  OpenCLDevice OpenCLPlatform OperateComplex OperateComplexSingle OperateDouble OperateOpenCL
  OperateSingle Output OutputFormat OutputInterval OutputIterDir OutputMEMultipoles
  OutputMatrixElements OutputWfsNumber PCMCalcMethod PCMCavity PCMChargeSmearNN PCMTessSubdivider
  PCMUpdateIter PCMVdWRadii PDBClassical PDBCoordinates PDBVelocities PESMaskMode
  PESMaskPlaneWaveProjection PESMaskShape PESMaskSize PES_Flux_BZones PES_Flux_EnergyGrid
  PES_Flux_Gpoint_Upsample PES_Flux_Lmax PES_Flux_Lsize PES_Flux_Offset PES_Flux_Shape
  PES_Flux_StepsPhiK PES_Flux_StepsPhiR PES_Flux_StepsThetaK PES_Flux_StepsThetaR PES_spm_StepsPhiR
  PES_spm_StepsThetaR PES_spm_points PES_spm_recipe PNFFTCutoff ParDomains ParKPoints ParOther
  ParStates ParallelizationNumberSlaves ParallelizationOfDerivatives PeriodicDimensions
  PhotoElectronSpectrum PhotoelectronSpectrumOutput PhotoelectronSpectrumResolveStates
  PoissonFFTKernel PoissonSolver PoissonSolverBoundaries PoissonSolverMGMaxCycles
  PoissonSolverMGPostsmoothingSteps PoissonSolverMGPresmoothingSteps PoissonSolverMGRelaxationMethod
  PoissonSolverMGRestrictionMethod PoissonSolverMaxIter PoissonSolverMaxMultipole PoissonSolverNodes
  Preconditioner ProfilingMode PropagationSpectrumDampMode PropagationSpectrumTransform
  PropagationSpectrumType PseudopotentialSet ReducedCoordinates RelativisticCorrection ResponseMethod
  RestartOptions RestartWriteInterval RootSolver RootSolverMaxIter SICCorrection SPARSKITIterOut
  SPARSKITKrylovSubspaceSize SPARSKITMaxIter SPARSKITSolver SmearingFunction SmearingMPOrder Species
  SpectrumMethod SpinComponents Splines StatesBlockSize StatesOrthogonalization StaticElectricField
  StaticMagneticField StaticMagneticField2DGauge SubSystemCoordinates SubSystems
  SubspaceDiagonalization SymmetryBreakDir TDDeltaStrengthMode TDDeltaUserDefined TDDynamics
  TDEnergyUpdateIter TDExcitedStatesToProject TDExpOrder TDExponentialMethod TDExternalFields
  TDFloquetDimension TDFloquetSample TDFreezeOrbitals TDFunctions TDGlobalForce TDKickFunction
  TDMaxSteps TDMomentumTransfer TDMultipoleLmax TDOutput TDPolarization TDPolarizationDirection
  TDPolarizationEquivAxes TDPolarizationWprime TDProjStateStart TDPropagator
  TDStepsWithSelfConsistency TemperatureFunction TestMaxBlockSize TestMinBlockSize TestMode
  TestRepetitions TestType TheoryLevel Thermostat TnaddFunctional TotalStates TransformStates Units
  UnitsInput UnitsOutput UnitsXYZFiles UserDefinedStates VDWCorrection Velocities
  VibrationalSpectrumTime VibrationalSpectrumTimeStepFactor WatterstromODESolver
  WatterstromODESolverNSteps WorkDir XCDensityCorrection XCFunctional XCKernel XSFCoordinates
  XSFCoordinatesAnimStep XSFVelocities XYZCoordinates XYZVelocities libvdwxcMode stderr stdout
  vdWNPoints
`;
/** Each known variable by lower-case name: its spelling and NOMAD's type for it. */
function variableTypes(): Map<string, { name: string; type: 'number' | 'flag' | 'text' }> {
  const types = new Map<string, { name: string; type: 'number' | 'flag' | 'text' }>();
  const add = (names: string, type: 'number' | 'flag' | 'text') => {
    for (const name of names.split(/\s+/).filter(Boolean)) types.set(name.toLowerCase(), { name, type });
  };
  add(NUMBER_VARIABLES, 'number');
  add(FLAG_VARIABLES, 'flag');
  add(TEXT_VARIABLES, 'text');
  return types;
}

/** A flag's value: yes/no, true/false, t/f, or a number (non-zero is true). */
function flagOf(text: string, variables: OctopusVariables): boolean | undefined {
  const word = text.toLowerCase();
  if (['yes', 'true', 't'].includes(word)) return true;
  if (['no', 'false', 'f'].includes(word)) return false;
  const value = evaluate(text, variables);
  return value === undefined ? undefined : value !== 0;
}

/**
 * x_octopus_<prefix>_<Name> of each variable NOMAD's metainfo knows (blocks left out): numbers
 * evaluated (in the input's units, as written), flags as booleans, the rest as written.
 */
export function codeVariables(
  prefix: 'input' | 'parserlog',
  variables: OctopusVariables,
): Record<`x_${string}`, string | number | boolean> {
  const types = variableTypes();
  const values: Record<`x_${string}`, string | number | boolean> = {};
  for (const [key, { value }] of variables) {
    const known = types.get(key);
    if (!known || typeof value !== 'string') continue;
    const converted =
      known.type === 'number'
        ? evaluate(value, variables)
        : known.type === 'flag'
          ? flagOf(value, variables)
          : value;
    if (converted !== undefined) values[`x_octopus_${prefix}_${known.name}`] = converted;
  }
  return values;
}
