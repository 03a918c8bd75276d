// STEP test models written in code (ISO 10303-21, AP214): short ASCII text, nothing downloaded.

/**
 * A box as a B-rep solid: 8 vertices, 12 straight edges, 6 planar faces in a closed shell
 * (MANIFOLD_SOLID_BREP), in millimetres. Each face's loop runs anticlockwise seen from outside,
 * its plane's normal points out.
 */
export function stepBox(sx: number, sy: number, sz: number, name = "box"): string {
  const lines: string[] = [];
  let next = 1;
  const add = (entity: string) => {
    const id = next++;
    lines.push(`#${id}=${entity};`);
    return `#${id}`;
  };
  const num = (v: number) => (Number.isInteger(v) ? `${v}.` : String(v));
  const triple = (v: readonly number[]) => `(${v.map(num).join(",")})`;

  const app = add("APPLICATION_CONTEXT('automotive design')");
  add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,${app})`);
  const productContext = add(`PRODUCT_CONTEXT('',${app},'mechanical')`);
  const product = add(`PRODUCT('${name}','${name}','',(${productContext}))`);
  const formation = add(`PRODUCT_DEFINITION_FORMATION('','',${product})`);
  const definitionContext = add(`PRODUCT_DEFINITION_CONTEXT('part definition',${app},'design')`);
  const definition = add(`PRODUCT_DEFINITION('design','',${formation},${definitionContext})`);
  const shape = add(`PRODUCT_DEFINITION_SHAPE('','',${definition})`);
  const mm = add("(LENGTH_UNIT()NAMED_UNIT(*)SI_UNIT(.MILLI.,.METRE.))");
  const radian = add("(NAMED_UNIT(*)PLANE_ANGLE_UNIT()SI_UNIT($,.RADIAN.))");
  const steradian = add("(NAMED_UNIT(*)SI_UNIT($,.STERADIAN.)SOLID_ANGLE_UNIT())");
  const uncertainty = add(
    `UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),${mm},'distance_accuracy_value','confusion accuracy')`,
  );
  const context = add(
    `(GEOMETRIC_REPRESENTATION_CONTEXT(3)GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((${uncertainty}))GLOBAL_UNIT_ASSIGNED_CONTEXT((${mm},${radian},${steradian}))REPRESENTATION_CONTEXT('',''))`,
  );

  const corner = (i: number) => [i & 1 ? sx : 0, i & 2 ? sy : 0, i & 4 ? sz : 0];
  const vertices = Array.from({ length: 8 }, (_, i) =>
    add(`VERTEX_POINT('',${add(`CARTESIAN_POINT('',${triple(corner(i))})`)})`),
  );
  const direction = (v: readonly number[]) => add(`DIRECTION('',${triple(v)})`);
  const unit = (a: number[], b: number[]) => {
    const d = b.map((v, k) => v - a[k]!);
    const length = Math.hypot(...d);
    return { d: d.map((v) => v / length), length };
  };

  // Each edge once, from its lower-numbered vertex; a loop uses it forwards or backwards.
  const edges = new Map<string, string>();
  const edge = (a: number, b: number) => {
    const [from, to] = a < b ? [a, b] : [b, a];
    const key = `${from}-${to}`;
    let id = edges.get(key);
    if (!id) {
      const { d, length } = unit(corner(from), corner(to));
      const origin = add(`CARTESIAN_POINT('',${triple(corner(from))})`);
      const line = add(`LINE('',${origin},${add(`VECTOR('',${direction(d)},${num(length)})`)})`);
      id = add(`EDGE_CURVE('',${vertices[from]},${vertices[to]},${line},.T.)`);
      edges.set(key, id);
    }
    return { id, forwards: a < b };
  };

  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const faces = quads.map((quad) => {
    const oriented = quad.map((a, k) => {
      const { id, forwards } = edge(a, quad[(k + 1) % 4]!);
      return add(`ORIENTED_EDGE('',*,*,${id},${forwards ? ".T." : ".F."})`);
    });
    const loop = add(`EDGE_LOOP('',(${oriented.join(",")}))`);
    const bound = add(`FACE_OUTER_BOUND('',${loop},.T.)`);
    const [p0, p1, p3] = [corner(quad[0]!), corner(quad[1]!), corner(quad[3]!)];
    const u = unit(p0, p1).d;
    const w = unit(p0, p3).d;
    // u × w, with the loop anticlockwise from outside, points out.
    const normal = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!].map(
      (v) => (v === 0 ? 0 : v),
    );
    const placement = add(
      `AXIS2_PLACEMENT_3D('',${add(`CARTESIAN_POINT('',${triple(p0)})`)},${direction(normal)},${direction(u)})`,
    );
    const plane = add(`PLANE('',${placement})`);
    return add(`ADVANCED_FACE('',(${bound}),${plane},.T.)`);
  });
  const shell = add(`CLOSED_SHELL('',(${faces.join(",")}))`);
  const solid = add(`MANIFOLD_SOLID_BREP('${name}',${shell})`);
  const origin = add(
    `AXIS2_PLACEMENT_3D('',${add("CARTESIAN_POINT('',(0.,0.,0.))")},${direction([0, 0, 1])},${direction([1, 0, 0])})`,
  );
  const representation = add(`ADVANCED_BREP_SHAPE_REPRESENTATION('',(${origin},${solid}),${context})`);
  add(`SHAPE_DEFINITION_REPRESENTATION(${shape},${representation})`);

  return [
    "ISO-10303-21;",
    "HEADER;",
    `FILE_DESCRIPTION(('${name}'),'2;1');`,
    `FILE_NAME('${name}.step','2026-01-01T00:00:00',(''),(''),'studio tests','','');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    "ENDSEC;",
    "DATA;",
    ...lines,
    "ENDSEC;",
    "END-ISO-10303-21;",
    "",
  ].join("\n");
}

export const stepCube = (side = 20) => stepBox(side, side, side, "cube");

/** A STEP file by its header, whose data is not a model at all. */
export const garbageStep = () =>
  "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('x','',(''),(''),'','','');\nFILE_SCHEMA(('AUTOMOTIVE_DESIGN'));\nENDSEC;\nDATA;\n#1=NOT_AN_ENTITY(((((;\n#2=\x01\x02 garbage ((( ;\nENDSEC;\nEND-ISO-10303-21;\n";

/** A well-formed STEP file that holds a point and no solid. */
export const pointOnlyStep = () =>
  "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('point','',(''),(''),'','','');\nFILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));\nENDSEC;\nDATA;\n#1=CARTESIAN_POINT('',(0.,0.,0.));\nENDSEC;\nEND-ISO-10303-21;\n";
