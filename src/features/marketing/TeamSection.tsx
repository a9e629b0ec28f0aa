import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { team } from '../../data/team';
import { SocialLinks } from '../../components/SocialLinks';

/** "Our Members": the placeholder team with their social links. */
export function TeamSection() {
  return (
    <Row xs={1} sm={2} lg={3} className="g-4 justify-content-center">
      {team.map((member) => (
        <Col key={member.id}>
          <Card className="h-100 border-0 shadow-sm text-center">
            <Card.Body>
              <img src={member.imgUrl} alt="" className="avatar mb-3" style={{ width: '6rem', height: '6rem' }} loading="lazy" />
              <Card.Title as="h3" className="h5">
                {member.name}
              </Card.Title>
              <p className="text-muted">{member.experience}</p>
              <SocialLinks
                owner={member.name}
                links={{
                  facebook: member.fbUrl,
                  instagram: member.instUrl,
                  twitter: member.twitUrl,
                  linkedin: member.linkedinUrl,
                }}
                className="justify-content-center"
              />
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
