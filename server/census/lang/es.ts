/**
 * Spanish: Spain's Seguridad Social forms (TA.1211 alta/baja: "Apellidos", "Nombre", "Número de
 * afiliación", "Fecha de nacimiento", "Sexo"), Mexican IMSS and insurers' beneficiary registers
 * (primerApellido, segundoApellido, nombres, fechaNacimiento, parentesco, NSS, CURP, RFC), Latin American
 * EPS affiliation lists (cónyuge o compañero permanente, hijos) and US carriers' Spanish census
 * templates (número de seguro social, código postal, estado). Written from those forms' own wording.
 */
import type { LanguagePack } from './types';

export const es: LanguagePack = {
  code: 'es',
  name: 'Spanish',
  sources: [
    'TGSS TA.1211 and afiliación forms (Spain)',
    'IMSS / insurer beneficiary registers: primerApellido, segundoApellido, nombres, fechaNacimiento, parentesco, NSS, CURP (Mexico)',
    'EPS and caja de compensación affiliation lists (Colombia): cónyuge o compañero permanente, hijos',
    'US carriers\' Spanish-language census and enrolment forms',
  ],
  headers: {
    employeeId: [
      'numero de empleado', 'numero empleado', 'id empleado', 'clave de empleado', 'clave empleado', 'codigo de empleado',
      'numero de trabajador', 'id trabajador', 'numero de nomina', 'nomina@0.8', 'legajo', 'numero de legajo', 'ficha@0.8',
      'numero de asegurado', 'numero de certificado', 'certificado@0.8', 'id familia', 'numero de familia', 'clave@0.6',
      'numero de colaborador', 'id colaborador', 'matricula@0.8',
    ],
    firstName: ['nombre@0.9', 'nombres@0.9', 'primer nombre', 'nombre de pila', 'nombre s', 'nombre del empleado@0.75'],
    lastName: ['apellido', 'apellidos', 'primer apellido', 'apellido paterno', 'apellidos del empleado'],
    fullName: [
      'nombre completo', 'nombre y apellidos', 'apellidos y nombre', 'apellidos y nombres', 'nombre y apellido',
      'nombre del asegurado', 'nombre del trabajador', 'nombre del colaborador', 'nombre del empleado@0.85', 'nombre del beneficiario@0.8',
      'asegurado@0.7', 'empleado@0.7', 'nombre@0.85',
    ],
    relationship: [
      'parentesco', 'relacion', 'tipo de asegurado', 'tipo de beneficiario', 'vinculo', 'relacion con el titular',
      'parentesco con el titular', 'parentesco con el asegurado', 'tipo de miembro', 'titular o dependiente', 'tipo de afiliado',
      'titular dependiente', 'tipo de persona@0.6',
    ],
    dateOfBirth: ['fecha de nacimiento', 'fecha nacimiento', 'nacimiento', 'fecha de nac', 'fecha nac', 'f nacimiento', 'fec nac', 'cumpleanos@0.9'],
    age: ['edad', 'edad actual', 'anos cumplidos', 'edad en anos'],
    gender: ['sexo', 'genero', 'sexo m f', 'sexo h m'],
    zip: ['codigo postal', 'cp', 'cod postal', 'codigo postal residencia'],
    state: ['estado@0.85', 'provincia@0.8', 'entidad federativa', 'estado de residencia', 'entidad@0.7'],
    hireDate: [
      'fecha de ingreso', 'fecha ingreso', 'fecha de alta', 'fecha alta', 'fecha de contratacion', 'fecha de antiguedad@0.9',
      'antiguedad@0.7', 'fecha de inicio@0.8', 'fecha de admision', 'inicio de relacion laboral', 'fecha de incorporacion',
    ],
    annualSalary: [
      'salario anual', 'sueldo anual', 'salario bruto anual', 'sueldo bruto anual', 'remuneracion anual', 'ingreso anual',
      'salario@0.85', 'sueldo@0.85', 'salario base@0.85', 'sueldo base@0.85', 'remuneracion@0.8', 'salario bruto@0.85',
    ],
    monthlySalary: ['salario mensual', 'sueldo mensual', 'remuneracion mensual', 'ingreso mensual', 'sueldo bruto mensual', 'salario bruto mensual'],
    hourlyRate: ['salario por hora', 'tarifa por hora', 'pago por hora', 'sueldo por hora', 'valor hora'],
    hoursPerWeek: ['horas semanales', 'horas por semana', 'horas a la semana', 'jornada semanal', 'jornada@0.7'],
    status: [
      'estatus', 'situacion', 'estado laboral', 'estado del empleado', 'situacion laboral', 'estatus del empleado',
      'estatus laboral', 'situacion del trabajador', 'estado@0.6', 'activo',
    ],
    coverageTier: ['nivel de cobertura', 'tipo de cobertura', 'cobertura', 'cobertura medica', 'categoria de cobertura', 'plan de cobertura@0.7'],
    jobTitle: ['puesto', 'cargo', 'ocupacion', 'titulo del puesto', 'nombre del puesto', 'posicion@0.9', 'funcion@0.8', 'profesion@0.8'],
    tobacco: ['fumador', 'tabaco', 'consume tabaco', 'usa tabaco', 'uso de tabaco'],
    ssn: [
      'numero de seguro social', 'seguro social', 'numero de seguridad social', 'nss', 'numero de afiliacion@0.8',
      'dni@0.6', 'numero de documento@0.6', 'documento de identidad@0.6',
    ],
    spouseDateOfBirth: ['fecha de nacimiento del conyuge', 'fecha nacimiento conyuge', 'nacimiento conyuge', 'fecha de nacimiento de la pareja@0.9'],
    childDateOfBirth: ['fecha de nacimiento del hijo', 'fecha nacimiento hijo', 'nacimiento hijo', 'fecha de nacimiento del dependiente@0.9'],
    ignore: [
      'segundo nombre', 'segundo apellido', 'apellido materno', 'departamento', 'area', 'sucursal', 'ubicacion', 'centro de trabajo',
      'centro de costos', 'empresa', 'razon social', 'correo', 'correo electronico', 'telefono', 'celular', 'movil', 'direccion',
      'domicilio', 'calle', 'ciudad', 'municipio', 'colonia', 'localidad', 'pais', 'estado civil', 'nacionalidad', 'plan', 'nombre del plan',
      'fecha de baja', 'fecha de terminacion', 'fecha de efectividad', 'fecha de vigencia', 'notas', 'observaciones', 'comentarios',
      'curp', 'rfc', 'nombre del conyuge', 'lugar de nacimiento', 'salario diario@0.8', 'salario diario integrado', 'prima', 'suma asegurada',
    ],
  },
  abbreviations: { fec: 'fecha', fech: 'fecha', nac: 'nacimiento', nacim: 'nacimiento', numero: 'number', nro: 'number', ing: 'ingreso', codigo: 'code', cod: 'code', apell: 'apellido', apellidos: 'apellido', nombres: 'nombre'},
  stopwords: ['de', 'del', 'la', 'el', 'los', 'las', 'con', 'por', 'para', 'en', 'al'],
  noise: ['aaaa', 'aa', 'ddmmaaaa', 'obligatorio', 'opcional', 'requerido'],
  neutral: ['empleado', 'trabajador', 'asegurado', 'titular', 'miembro', 'afiliado', 'colaborador', 'actual', 'tipo', 'personal'],
  negative: [
    'conyuge', 'esposo', 'esposa', 'hijo', 'hija', 'pareja', 'jefe', 'supervisor', 'gerente', 'anterior', 'baja',
    'terminacion', 'civil', 'correo', 'telefono', 'direccion', 'empresa', 'plan', 'segundo', 'materno', 'efectividad', 'vigencia', 'diario',
  ],
  dependentWords: ['conyuge', 'esposo', 'esposa', 'hijo', 'hija', 'pareja', 'concubino', 'concubina'],
  codes: {
    relationship: {
      employee: ['Titular', 'Empleado', 'Empleada', 'Trabajador', 'Trabajadora', 'Asegurado', 'Asegurada', 'Asegurado Titular', 'Afiliado', 'Colaborador'],
      spouse: ['Cónyuge', 'Conyuge', 'Conyugue', 'Esposo', 'Esposa', 'Esposo(a)', 'Marido'],
      domesticPartner: ['Pareja', 'Concubino', 'Concubina', 'Unión Libre', 'Pareja de Hecho', 'Conviviente', 'Compañero Permanente', 'Compañera Permanente'],
      child: ['Hijo', 'Hija', 'Hijos', 'Hijo(a)', 'Hijastro', 'Hijastra', 'Dependiente', 'Menor'],
      other: ['Padre', 'Madre', 'Otro', 'Hermano', 'Hermana', 'Abuelo', 'Abuela', 'Nieto', 'Nieta'],
    },
    gender: { male: ['Masculino', 'Hombre', 'Varón', 'Masc'], female: ['Femenino', 'Mujer', 'Fem'], unknown: ['Desconocido', 'No especificado'] },
    status: {
      active: ['Activo', 'Activa', 'Vigente', 'Alta', 'Tiempo completo', 'Medio tiempo'],
      terminated: ['Baja', 'Inactivo', 'Inactiva', 'Terminado', 'Despedido', 'Cesado', 'Cesante'],
      leave: ['Licencia', 'Incapacidad', 'Permiso', 'Excedencia'],
      retired: ['Jubilado', 'Jubilada', 'Pensionado', 'Pensionada', 'Retirado', 'Retirada'],
      deceased: ['Fallecido', 'Fallecida'],
    },
    tier: {
      EE: ['Solo Empleado', 'Empleado Solo', 'Solo Titular', 'Titular Solo', 'Individual'],
      ES: ['Empleado y Cónyuge', 'Empleado + Cónyuge', 'Titular y Cónyuge', 'Titular + Cónyuge'],
      EC: ['Empleado e Hijos', 'Empleado + Hijos', 'Titular e Hijos', 'Titular + Hijos'],
      EF: ['Familia', 'Familiar', 'Empleado y Familia', 'Titular y Familia', 'Titular + Familia'],
      waived: ['Renuncia', 'Sin Cobertura', 'No Cubierto', 'Rechazado'],
    },
    tobacco: { yes: ['Sí', 'Si', 'Fumador'], no: ['No fumador'] },
    yes: ['Sí', 'Si'],
    no: ['No'],
  },
  codeHints: {
    relationship: {
      domesticPartner: ['pareja', 'concubino', 'concubina', 'conviviente'],
      spouse: ['cónyuge', 'esposo', 'esposa', 'marido'],
      child: ['hijo', 'hija', 'hijos', 'hijas', 'hijastro', 'hijastra', 'dependiente'],
      employee: ['titular', 'empleado', 'empleada', 'trabajador', 'trabajadora', 'asegurado', 'asegurada'],
    },
    status: {
      deceased: ['fallecido', 'fallecida'],
      retired: ['jubilad*', 'pensionad*'],
      terminated: ['baja', 'inactivo', 'inactiva', 'terminado', 'despedido', 'cesado'],
      leave: ['licencia', 'incapacidad', 'excedencia'],
      active: ['activo', 'activa', 'vigente'],
    },
    tier: {
      waived: ['renuncia', 'sin cobertura', 'rechazado'],
      EF: ['familia', 'familiar'],
      ES: ['cónyuge', 'esposo', 'esposa', 'pareja'],
      EC: ['hijo', 'hija', 'hijos', 'hijas'],
      EE: ['solo', 'individual'],
    },
  },
  months: [
    ['enero', 'ene'], ['febrero', 'feb'], ['marzo', 'mar'], ['abril', 'abr'], ['mayo', 'may'], ['junio', 'jun'],
    ['julio', 'jul'], ['agosto', 'ago'], ['septiembre', 'setiembre', 'sep', 'set'], ['octubre', 'oct'], ['noviembre', 'nov'], ['diciembre', 'dic'],
  ],
  placeholders: ['n/d', 'nd', 'sin dato', 'sin datos', 'desconocido', 'ninguno', 'no aplica', 's/d'],
  descriptive: ['obligatorio', 'opcional', 'requerido', 'formato', 'ejemplo', 'seleccione', 'indique', 'dd/mm/aaaa'],
  roles: {
    pay: ['sueldo', 'salario', 'remuneracion', 'pago', 'paga'],
    payMode: ['tipo', 'modalidad', 'frecuencia', 'periodicidad', 'forma'],
    paySchedule: ['frecuencia', 'periodicidad'],
    period: ['anual', 'mensual', 'semanal', 'quincenal', 'por hora', 'por mes', 'por ano'],
    payAmount: ['sueldo', 'salario', 'remuneracion', 'tarifa', 'monto', 'importe'],
    yearPay: ['sueldo', 'salario', 'anual'],
    hourPay: ['hora', 'tarifa'],
    either: ['o', 'y'],
    rehire: ['reingreso', 'recontratacion', 'readmision'],
    exit: ['baja', 'cese', 'egreso', 'salida', 'terminacion', 'desvinculacion', 'despido'],
    date: ['fecha', 'fec', 'dia'],
    notEmployment: ['cobertura', 'plan', 'poliza', 'seguro', 'beneficio'],
    sequence: ['secuencia', 'consecutivo'],
  },
  rules: {
    dayLetters: ['dd'],
    yearLetters: ['aaaa', 'aa'],
    dependentSheet: ['dependiente*', 'conyuge*', 'hijo*', 'familiar*'],
    petSheet: ['mascota', 'mascotas'],
    pets: ['perro', 'gato', 'mascota'],
    householdPerson: ['titular'],
    ownPerson: ['dependiente', 'beneficiario'],
    employeePerson: ['empleado', 'titular', 'trabajador'],
    statusName: ['estatus', 'situacion'],
    statusQualifier: ['laboral', 'trabajo'],
    footer: ['total', 'totales', 'total general', 'subtotal', 'nota', 'notas', 'fuente', 'confidencial', 'elaborado por'],
    marker: ['obligatorio', 'opcional'],
    ssnHeader: ['nss', 'numero de seguridad social', 'seguridad social', 'curp', 'rfc', 'dni', 'nif'],
  },
};
