/**
 * Portuguese: Brazilian health-plan movement spreadsheets and adhesion forms (titular, dependente,
 * grau de parentesco, cônjuge, companheiro(a), filho, enteado, agregado; CPF, data de nascimento, data de
 * admissão, nome da mãe, CNS), eSocial employee registers (matrícula, nomeCompleto, dataNascimento, sexo,
 * CEP, UF, cargo, salário base, parentesco FILHO/CONJUGE/PAI/MAE/OUTRO) and Portuguese payroll lists
 * (apelido = surname, código postal).
 */
import type { LanguagePack } from './types';

export const pt: LanguagePack = {
  code: 'pt',
  name: 'Portuguese',
  sources: [
    'Brazilian operadoras\' inclusion forms and ANS SIB beneficiary fields (titular, dependente, grau de parentesco)',
    'eSocial employee and dependant registers: matricula, nomeCompleto, dataNascimento, sexo, cep, uf, cargo, parentesco',
    'HR system exports of Brazil and Portugal (data de admissão, salário base, situação)',
  ],
  headers: {
    employeeId: [
      'matricula', 'numero de matricula', 'matricula do funcionario', 'matricula funcionario', 'codigo do funcionario', 'id funcionario',
      'numero do funcionario', 'numero do colaborador', 'id colaborador', 'codigo do colaborador', 'registro@0.8', 'chapa@0.8',
      'numero da carteirinha@0.8', 'codigo do beneficiario', 'id familia',
    ],
    firstName: ['primeiro nome', 'prenome', 'nome proprio', 'nome@0.85'],
    lastName: ['sobrenome', 'ultimo nome', 'apelido', 'apelidos', 'nome de familia'],
    fullName: [
      'nome completo', 'nome do funcionario', 'nome do beneficiario', 'nome do segurado', 'nome do colaborador', 'nome do titular',
      'nome do empregado', 'beneficiario@0.7', 'funcionario@0.7', 'colaborador@0.7', 'nome@0.9',
    ],
    relationship: [
      'parentesco', 'grau de parentesco', 'grau parentesco', 'tipo de beneficiario', 'vinculo', 'relacao', 'relacao com o titular',
      'tipo dependente', 'tipo de dependente', 'titular dependente', 'titular ou dependente', 'tipo de usuario@0.6',
    ],
    dateOfBirth: ['data de nascimento', 'data nascimento', 'data nasc', 'dt nascimento', 'dt nasc', 'nascimento', 'data de nasc'],
    age: ['idade', 'idade atual'],
    gender: ['sexo', 'genero', 'sexo m f'],
    zip: ['cep', 'codigo postal', 'cep residencial'],
    state: ['uf', 'estado@0.85', 'uf residencia', 'estado de residencia'],
    hireDate: [
      'data de admissao', 'data admissao', 'dt admissao', 'admissao', 'data de contratacao', 'data de entrada', 'data de inicio@0.8',
      'inicio do vinculo',
    ],
    annualSalary: [
      'salario anual', 'remuneracao anual', 'salario bruto anual', 'renda anual', 'salario@0.85', 'salario base@0.85',
      'remuneracao@0.85', 'salario bruto@0.85', 'salario atual@0.85',
    ],
    monthlySalary: ['salario mensal', 'remuneracao mensal', 'salario bruto mensal', 'renda mensal', 'vencimento mensal'],
    hourlyRate: ['salario hora', 'valor hora', 'salario por hora', 'valor da hora'],
    hoursPerWeek: ['horas semanais', 'carga horaria semanal', 'jornada semanal', 'carga horaria@0.8'],
    status: ['situacao', 'status', 'situacao do funcionario', 'situacao do colaborador', 'situacao funcional', 'ativo', 'situacao cadastral@0.7'],
    coverageTier: ['tipo de cobertura', 'cobertura', 'nivel de cobertura', 'categoria de cobertura'],
    jobTitle: ['cargo', 'funcao', 'ocupacao', 'profissao', 'cargo atual', 'descricao do cargo', 'cbo@0.7'],
    tobacco: ['fumante', 'tabagista', 'uso de tabaco'],
    ssn: ['cpf', 'numero do cpf', 'cpf do titular@0.9', 'numero de contribuinte@0.7', 'nif@0.7'],
    spouseDateOfBirth: ['data de nascimento do conjuge', 'data nascimento conjuge', 'nascimento conjuge'],
    childDateOfBirth: ['data de nascimento do filho', 'data nascimento filho', 'nascimento filho', 'data de nascimento do dependente@0.9'],
    ignore: [
      'nome da mae', 'nome do pai', 'nome do conjuge', 'cpf do conjuge', 'estado civil', 'endereco', 'logradouro', 'bairro', 'cidade',
      'municipio', 'pais', 'telefone', 'celular', 'email', 'departamento', 'setor', 'centro de custo', 'empresa', 'cnpj', 'pis',
      'pis pasep', 'rg', 'ctps', 'cns', 'cartao nacional de saude', 'plano', 'data de demissao', 'data de desligamento', 'observacoes',
      'nacionalidade', 'naturalidade', 'escolaridade', 'complemento', 'numero@0.5', 'orgao emissor', 'data de inclusao', 'data de exclusao',
    ],
  },
  abbreviations: { dt: 'data', nasc: 'nascimento', nascto: 'nascimento', admis: 'admissao', matr: 'matricula', numero: 'number', nro: 'number', codigo: 'code', cod: 'code', func: 'funcionario' },
  stopwords: ['de', 'da', 'do', 'das', 'dos', 'com', 'para', 'em', 'ao', 'aos', 'pelo', 'pela'],
  noise: ['aaaa', 'aa', 'ddmmaaaa', 'obrigatorio', 'opcional', 'facultativo'],
  neutral: ['funcionario', 'empregado', 'colaborador', 'titular', 'segurado', 'beneficiario', 'atual', 'tipo', 'servidor'],
  negative: [
    'conjuge', 'esposa', 'marido', 'filho', 'filha', 'companheiro', 'companheira', 'mae', 'pai', 'gestor', 'supervisor', 'empresa',
    'plano', 'endereco', 'telefone', 'demissao', 'desligamento', 'civil', 'exclusao', 'inclusao',
  ],
  dependentWords: ['conjuge', 'esposa', 'marido', 'filho', 'filha', 'companheiro', 'companheira', 'enteado', 'enteada'],
  codes: {
    relationship: {
      employee: ['Titular', 'Funcionário', 'Funcionario', 'Empregado', 'Segurado', 'Colaborador', 'Próprio', 'Proprio'],
      spouse: ['Cônjuge', 'Conjuge', 'Esposa', 'Esposo', 'Marido'],
      domesticPartner: ['Companheiro', 'Companheira', 'Companheiro(a)', 'União Estável', 'Uniao Estavel'],
      child: ['Filho', 'Filha', 'Filhos', 'Filho(a)', 'Enteado', 'Enteada', 'Tutelado', 'Menor sob guarda'],
      other: ['Pai', 'Mãe', 'Mae', 'Agregado', 'Outro', 'Outros', 'Irmão', 'Irmao', 'Irmã', 'Irma', 'Neto', 'Neta', 'Sogro', 'Sogra'],
    },
    gender: { male: ['Masculino', 'Homem', 'Masc'], female: ['Feminino', 'Mulher', 'Fem'], unknown: ['Não informado', 'Nao informado'] },
    status: {
      active: ['Ativo', 'Ativa', 'Admitido', 'Em atividade', 'Trabalhando'],
      terminated: ['Desligado', 'Desligada', 'Demitido', 'Demitida', 'Inativo', 'Inativa', 'Rescindido'],
      leave: ['Afastado', 'Afastada', 'Licença', 'Licenca', 'Auxílio doença', 'Auxilio doenca'],
      retired: ['Aposentado', 'Aposentada'],
      deceased: ['Falecido', 'Falecida', 'Óbito', 'Obito'],
    },
    tier: {
      EE: ['Só Titular', 'So Titular', 'Apenas Titular', 'Titular', 'Individual'],
      ES: ['Titular e Cônjuge', 'Titular + Cônjuge', 'Titular e Conjuge'],
      EC: ['Titular e Filhos', 'Titular + Filhos'],
      EF: ['Família', 'Familia', 'Familiar', 'Titular e Família', 'Titular + Família'],
      waived: ['Não aderiu', 'Nao aderiu', 'Recusou', 'Sem cobertura'],
    },
    tobacco: { yes: ['Sim', 'Fumante'], no: ['Não', 'Nao', 'Não fumante'] },
    yes: ['Sim'],
    no: ['Não', 'Nao'],
  },
  codeHints: {
    relationship: {
      domesticPartner: ['companheiro', 'companheira'],
      spouse: ['cônjuge', 'esposo', 'esposa', 'marido'],
      child: ['filho', 'filha', 'filhos', 'filhas', 'enteado', 'enteada', 'dependente'],
      employee: ['titular', 'funcionário', 'funcionária', 'colaborador', 'colaboradora', 'segurado', 'segurada'],
    },
    status: {
      deceased: ['falecido', 'falecida'],
      retired: ['aposentad*'],
      terminated: ['desligado', 'desligada', 'demitido', 'demitida', 'inativo', 'inativa'],
      leave: ['afastado', 'afastada', 'licença'],
      active: ['ativo', 'ativa'],
    },
    tier: {
      waived: ['sem cobertura', 'recusado', 'recusada'],
      EF: ['família', 'familiar'],
      ES: ['cônjuge', 'esposo', 'esposa', 'companheiro', 'companheira'],
      EC: ['filho', 'filha', 'filhos', 'filhas'],
      EE: ['individual'],
    },
  },
  months: [
    ['janeiro', 'jan'], ['fevereiro', 'fev'], ['marco', 'mar'], ['abril', 'abr'], ['maio', 'mai'], ['junho', 'jun'],
    ['julho', 'jul'], ['agosto', 'ago'], ['setembro', 'set'], ['outubro', 'out'], ['novembro', 'nov'], ['dezembro', 'dez'],
  ],
  placeholders: ['nao informado', 'n/i', 'ni', 'nenhum', 'nao se aplica', 'sem informacao'],
  descriptive: ['obrigatorio', 'opcional', 'facultativo', 'formato', 'exemplo', 'preencher', 'informe', 'dd/mm/aaaa'],
  roles: {
    pay: ['salario', 'remuneracao', 'pagamento', 'vencimento'],
    payMode: ['tipo', 'modalidade', 'frequencia', 'periodicidade', 'forma'],
    paySchedule: ['frequencia', 'periodicidade'],
    period: ['anual', 'mensal', 'semanal', 'quinzenal', 'por hora', 'por mes', 'por ano'],
    payAmount: ['salario', 'remuneracao', 'vencimento', 'valor'],
    yearPay: ['salario', 'anual'],
    hourPay: ['hora'],
    either: ['ou', 'e'],
    rehire: ['readmissao', 'recontratacao'],
    exit: ['desligamento', 'demissao', 'rescisao', 'saida', 'desligado', 'termino'],
    date: ['data', 'dt', 'dia'],
    notEmployment: ['cobertura', 'plano', 'apolice', 'seguro', 'beneficio'],
    sequence: ['sequencia', 'sequencial'],
  },
};
